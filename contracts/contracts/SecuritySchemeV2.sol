// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title SecuritySchemeV2
/// @notice Version 2 of SecurityScheme (whose source stays as it is: version 1 schemes and the tokens that use them
/// keep working unchanged): the same rights, interface and events, plus an owner who hands the scheme over in two
/// steps (transferOwnership, then acceptOwnership by the proposed owner). Tokens of either version use either
/// scheme (they ask hasLevel2 and isSecurityManager only).
/// Role-based access control for one asset class. The owner grants and revokes the
/// Security Manager right (OP) per asset; an existing OP of an asset may also grant and revoke OP for that asset.
/// Only an OP of this scheme's own asset id sets and clears Access Level 1 (whitelist verified investors) and
/// Access Level 2 (issue, redeem, pause and resume tokens).
contract SecuritySchemeV2 {
    uint256 private constant LEVEL1 = 1;
    uint256 private constant LEVEL2 = 2;

    /// @notice The account that may grant and revoke the Security Manager right.
    address public owner;
    /// @notice The owner proposed by transferOwnership, until it accepts (zero when none).
    address public pendingOwner;
    /// @notice The asset id of this scheme: keccak256(abi.encode(chainid, address(this))).
    bytes32 public immutable assetId;

    mapping(bytes32 asset => mapping(address account => bool)) private _operators;
    /// bit 0: Access Level 1, bit 1: Access Level 2.
    mapping(address account => uint256) private _levels;

    event SchemeCreated(address indexed owner, bytes32 indexed assetId);
    event OperatorGranted(bytes32 indexed asset, address indexed account, address indexed by);
    event OperatorRevoked(bytes32 indexed asset, address indexed account, address indexed by);
    event Level1Granted(address indexed account, address indexed by);
    event Level1Revoked(address indexed account, address indexed by);
    event Level2Granted(address indexed account, address indexed by);
    event Level2Revoked(address indexed account, address indexed by);
    event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor(address owner_) {
        require(owner_ != address(0), "owner is the zero address");
        owner = owner_;
        bytes32 id = keccak256(abi.encode(block.chainid, address(this)));
        assetId = id;
        emit SchemeCreated(owner_, id);
    }

    // ---- Ownership, in two steps ----

    /// @notice Proposes `newOwner` (the zero address cancels a proposal); ownership moves when it accepts.
    function transferOwnership(address newOwner) external {
        require(msg.sender == owner, "caller is not the owner of the smart contract");
        pendingOwner = newOwner;
        emit OwnershipTransferStarted(msg.sender, newOwner);
    }

    /// @notice The proposed owner takes the scheme over.
    function acceptOwnership() external {
        require(msg.sender == pendingOwner && msg.sender != address(0), "caller is not the pending owner");
        address previous = owner;
        owner = msg.sender;
        delete pendingOwner;
        emit OwnershipTransferred(previous, msg.sender);
    }

    // ---- Security Manager (OP), per asset ----

    function grantOperator(address account, bytes32 asset) external {
        _requireCanManageOperators(asset);
        require(account != address(0), "account is the zero address");
        require(!_operators[asset][account], "account is already a security manager of this asset");
        _operators[asset][account] = true;
        emit OperatorGranted(asset, account, msg.sender);
    }

    function revokeOperator(address account, bytes32 asset) external {
        _requireCanManageOperators(asset);
        require(account != address(0), "account is the zero address");
        require(_operators[asset][account], "account is not a security manager of this asset");
        _operators[asset][account] = false;
        emit OperatorRevoked(asset, account, msg.sender);
    }

    // ---- Access levels (fixed rights), set by an OP of this scheme's asset ----

    function grantLevel1(address account) external {
        _setLevel(account, LEVEL1, true);
        emit Level1Granted(account, msg.sender);
    }

    function revokeLevel1(address account) external {
        _setLevel(account, LEVEL1, false);
        emit Level1Revoked(account, msg.sender);
    }

    function grantLevel2(address account) external {
        _setLevel(account, LEVEL2, true);
        emit Level2Granted(account, msg.sender);
    }

    function revokeLevel2(address account) external {
        _setLevel(account, LEVEL2, false);
        emit Level2Revoked(account, msg.sender);
    }

    // ---- Views ----

    function isOwner(address account) external view returns (bool) {
        return account == owner;
    }

    /// @notice Whether `account` is a Security Manager (OP) of `asset`.
    function isOperator(address account, bytes32 asset) external view returns (bool) {
        return _operators[asset][account];
    }

    /// @notice Whether `account` is a Security Manager (OP) of this scheme's own asset id.
    function isSecurityManager(address account) external view returns (bool) {
        return _operators[assetId][account];
    }

    /// @notice Whether `account` may grant or revoke the OP right of `asset` (owner or OP of that asset).
    function canManageOperators(address account, bytes32 asset) external view returns (bool) {
        return account == owner || _operators[asset][account];
    }

    /// @notice Whether `account` may set and clear access levels (an OP of this scheme's asset).
    function canManageLevels(address account) external view returns (bool) {
        return _operators[assetId][account];
    }

    function hasLevel1(address account) external view returns (bool) {
        return _levels[account] & LEVEL1 != 0;
    }

    function hasLevel2(address account) external view returns (bool) {
        return _levels[account] & LEVEL2 != 0;
    }

    /// @notice All rights of `account` in one call (OP refers to this scheme's asset id).
    function rightsOf(address account)
        external
        view
        returns (bool isOwner_, bool isOperator_, bool level1, bool level2)
    {
        uint256 levels = _levels[account];
        return (account == owner, _operators[assetId][account], levels & LEVEL1 != 0, levels & LEVEL2 != 0);
    }

    // ---- Internals ----

    function _requireCanManageOperators(bytes32 asset) private view {
        require(asset != bytes32(0), "asset id is required");
        require(
            msg.sender == owner || _operators[asset][msg.sender],
            "caller is not the owner of the smart contract or a security manager of this asset"
        );
    }

    function _setLevel(address account, uint256 level, bool enabled) private {
        require(_operators[assetId][msg.sender], "caller is not a security manager");
        require(account != address(0), "account is the zero address");
        uint256 levels = _levels[account];
        if (enabled) {
            require(levels & level == 0, "account already has this access level");
            _levels[account] = levels | level;
        } else {
            require(levels & level != 0, "account does not have this access level");
            _levels[account] = levels & ~level;
        }
    }
}
