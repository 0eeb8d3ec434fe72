// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface ILevel1Scheme {
    function hasLevel1(address account) external view returns (bool);
}

/// @title Whitelist
/// @notice Addresses of verified investors, each with the hash of its off-chain KYC record and, beside it, the
/// investor's country as an ISO 3166 alpha-2 code in two bytes (for the token's country rules; no other personal
/// data on-chain). Holders of Access Level 1 in the security scheme add, update and remove entries, one at a time or
/// in batches.
contract Whitelist {
    /// @notice Display name of the whitelist.
    string public name;
    /// @notice The account that deployed the whitelist on behalf of its issuer.
    address public immutable owner;
    /// @notice The security scheme whose Access Level 1 holders maintain this whitelist.
    address public immutable securityScheme;

    /// keccak256("AddressVerified(address,bytes32,address)"), logged from assembly.
    bytes32 private constant ADDRESS_VERIFIED_TOPIC =
        0xf76ed0e421a92a946564a1369bd014342a486404a88e881758ce099f05ad08fa;

    mapping(address account => bytes32 kycHash) private _hashes;
    mapping(address account => bytes2 country) private _countries;

    event WhitelistCreated(string name, address indexed owner, address indexed securityScheme);
    event AddressVerified(address indexed account, bytes32 hash, address indexed by);
    event VerificationUpdated(address indexed account, bytes32 previousHash, bytes32 hash, address indexed by);
    event VerificationRemoved(address indexed account, bytes32 previousHash, address indexed by);
    event CountrySet(address indexed account, bytes2 country, address indexed by);

    modifier onlyLevel1() {
        require(
            ILevel1Scheme(securityScheme).hasLevel1(msg.sender),
            "caller does not have Access Level 1 in the security scheme"
        );
        _;
    }

    constructor(string memory name_, address owner_, address securityScheme_) {
        require(bytes(name_).length != 0, "whitelist name is required");
        require(owner_ != address(0), "owner is the zero address");
        require(securityScheme_.code.length != 0, "security scheme is not a contract");
        name = name_;
        owner = owner_;
        securityScheme = securityScheme_;
        emit WhitelistCreated(name_, owner_, securityScheme_);
    }

    // ---- Single entries ----

    function addVerified(address account, bytes32 hash) external onlyLevel1 {
        _add(account, hash);
    }

    /// @notice Adds `account` with its record hash and its country (ISO 3166 alpha-2, e.g. "DE").
    function addVerifiedInCountry(address account, bytes32 hash, bytes2 country) external onlyLevel1 {
        _add(account, hash);
        _setCountry(account, country);
    }

    /// @notice Sets the country (ISO 3166 alpha-2) of verified accounts, all or nothing.
    function setCountryBatch(address[] calldata accounts, bytes2[] calldata countries) external onlyLevel1 {
        uint256 n = _checkBatch(accounts.length, countries.length);
        for (uint256 i; i < n; ++i) {
            require(_hashes[accounts[i]] != bytes32(0), "account is not verified");
            _setCountry(accounts[i], countries[i]);
        }
    }

    function updateVerified(address account, bytes32 hash) external onlyLevel1 {
        _update(account, hash);
    }

    function removeVerified(address account) external onlyLevel1 {
        _remove(account);
    }

    // ---- Batches (all or nothing) ----

    function addVerifiedBatch(address[] calldata accounts, bytes32[] calldata hashes) external onlyLevel1 {
        _checkBatch(accounts.length, hashes.length);
        // The hot path of whitelisting investors: one storage slot and one log per address. The first invalid entry
        // (zero or malformed address, zero hash, already verified, also by an earlier entry of this batch) stops
        // the loop and _add, run on that entry in the same state, reverts with its reason.
        uint256 failed;
        assembly ("memory-safe") {
            mstore(0x20, _hashes.slot)
            let end := shl(5, accounts.length)
            for { let i := 0 } lt(i, end) { i := add(i, 0x20) } {
                let account := calldataload(add(accounts.offset, i))
                let hash := calldataload(add(hashes.offset, i))
                mstore(0x00, account)
                let slot := keccak256(0x00, 0x40)
                if or(or(iszero(account), shr(160, account)), or(iszero(hash), sload(slot))) {
                    failed := add(i, 0x20)
                    break
                }
                sstore(slot, hash)
                mstore(0x00, hash)
                log3(0x00, 0x20, ADDRESS_VERIFIED_TOPIC, account, caller())
            }
        }
        if (failed != 0) {
            uint256 index = (failed >> 5) - 1;
            _add(accounts[index], hashes[index]);
            revert("invalid whitelist entry");
        }
    }

    function updateVerifiedBatch(address[] calldata accounts, bytes32[] calldata hashes) external onlyLevel1 {
        uint256 n = _checkBatch(accounts.length, hashes.length);
        for (uint256 i; i < n; ) {
            _update(accounts[i], hashes[i]);
            unchecked {
                ++i;
            }
        }
    }

    function removeVerifiedBatch(address[] calldata accounts) external onlyLevel1 {
        uint256 n = _checkBatch(accounts.length, accounts.length);
        for (uint256 i; i < n; ) {
            _remove(accounts[i]);
            unchecked {
                ++i;
            }
        }
    }

    // ---- Views ----

    function isVerified(address account) external view returns (bool) {
        return _hashes[account] != bytes32(0);
    }

    /// @notice The KYC record hash of `account`, zero when not verified.
    function verificationHash(address account) external view returns (bytes32) {
        return _hashes[account];
    }

    /// @notice The ISO 3166 alpha-2 country of `account` ("DE" as 0x4445), zero when unknown or not verified.
    function countryOf(address account) external view returns (bytes2) {
        return _countries[account];
    }

    /// @notice Index of the first account that is not verified, or `accounts.length` when all are.
    function firstUnverified(address[] calldata accounts) external view returns (uint256 index) {
        // The token's batch issuer calls this once per batch: one storage read per account.
        index = accounts.length;
        assembly ("memory-safe") {
            mstore(0x20, _hashes.slot)
            for { let i := 0 } lt(i, shl(5, accounts.length)) { i := add(i, 0x20) } {
                // An address with dirty upper bits reads as a different key, so it counts as unverified.
                mstore(0x00, calldataload(add(accounts.offset, i)))
                if iszero(sload(keccak256(0x00, 0x40))) {
                    index := shr(5, i)
                    break
                }
            }
        }
    }

    /// @notice Whether `account` may maintain this whitelist (Access Level 1 in the security scheme).
    function canEdit(address account) external view returns (bool) {
        return ILevel1Scheme(securityScheme).hasLevel1(account);
    }

    // ---- Internals ----

    function _checkBatch(uint256 accounts, uint256 hashes) private pure returns (uint256) {
        require(accounts != 0, "no addresses given");
        require(accounts == hashes, "arrays have unequal lengths");
        return accounts;
    }

    function _add(address account, bytes32 hash) private {
        require(account != address(0), "account is the zero address");
        require(hash != bytes32(0), "verification hash is required");
        require(_hashes[account] == bytes32(0), "account is already verified");
        _hashes[account] = hash;
        emit AddressVerified(account, hash, msg.sender);
    }

    function _setCountry(address account, bytes2 country) private {
        require(
            country[0] >= 0x41 && country[0] <= 0x5A && country[1] >= 0x41 && country[1] <= 0x5A,
            "country is not an ISO 3166 alpha-2 code"
        );
        _countries[account] = country;
        emit CountrySet(account, country, msg.sender);
    }

    function _update(address account, bytes32 hash) private {
        require(account != address(0), "account is the zero address");
        require(hash != bytes32(0), "verification hash is required");
        bytes32 previous = _hashes[account];
        require(previous != bytes32(0), "account is not verified");
        require(previous != hash, "verification hash is unchanged");
        _hashes[account] = hash;
        emit VerificationUpdated(account, previous, hash, msg.sender);
    }

    function _remove(address account) private {
        require(account != address(0), "account is the zero address");
        bytes32 previous = _hashes[account];
        require(previous != bytes32(0), "account is not verified");
        delete _hashes[account];
        delete _countries[account];
        emit VerificationRemoved(account, previous, msg.sender);
    }
}
