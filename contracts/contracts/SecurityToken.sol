// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface ITokenWhitelist {
    function isVerified(address account) external view returns (bool);
    function firstUnverified(address[] calldata accounts) external view returns (uint256);
    function countryOf(address account) external view returns (bytes2);
}

interface ITokenScheme {
    function hasLevel2(address account) external view returns (bool);
    function isSecurityManager(address account) external view returns (bool);
}

/// ERC-165: interface detection.
interface IERC165 {
    function supportsInterface(bytes4 interfaceId) external view returns (bool);
}

/// ERC-20 (its functions; the Transfer and Approval events are declared in the token).
interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// ERC-1643: documents.
interface IERC1643 {
    function getDocument(bytes32 name) external view returns (string memory, bytes32, uint256);
    function setDocument(bytes32 name, string calldata uri, bytes32 documentHash) external;
    function removeDocument(bytes32 name) external;
    function getAllDocuments() external view returns (bytes32[] memory);
}

/// ERC-1644: controller operations.
interface IERC1644 {
    function isControllable() external view returns (bool);
    function controllerTransfer(address from, address to, uint256 value, bytes calldata data, bytes calldata operatorData)
        external;
    function controllerRedeem(address tokenHolder, uint256 value, bytes calldata data, bytes calldata operatorData)
        external;
}

/// @title SecurityToken
/// @notice A partitioned security token of the ERC-1400 family: partitions and partition transfers (ERC-1410),
/// issuance and redemption by partition with a batch issuer (ERC-1594), documents (ERC-1643), controller
/// operations (ERC-1644), operators per holder and per partition, pause, freezing of minting, and ERC-20
/// (decimals 0) on top of the partitions, with ERC-165 detection. Access Level 2 of the security scheme issues, redeems, pauses and resumes; the owner manages
/// documents, freezes minting and finalizes the controller; the controller forces transfers and redemptions while
/// the token is controllable and not paused. Nobody receives tokens unless verified in the whitelist.
/// Every transfer, whichever function starts it (ERC-20 `transfer`/`transferFrom`, partition, operator or controller
/// transfer), is judged by one function, _transferStatus: pause, addresses, amount, balance, whitelist. It also
/// answers canTransferByPartition, so a refusal has the same ERC-1066 code and reason on every path.
/// @dev Gas: a holder's balance in a partition is its only per-holder storage (one slot). ERC-20 `balanceOf`,
/// `totalSupply` and `partitionsOf` are derived in views from the token's partition list. Balance changes are
/// emitted as exactly one of IssuedByPartition, RedeemedByPartition or TransferByPartition each, so an indexer
/// rebuilds holders, balances and history from those three events alone; each of them is followed by the ERC-20
/// `Transfer` of the same amount (from the zero address for an issue, to it for a redemption), so the ERC-20
/// view of the logs always adds up to totalSupply.
contract SecurityToken is IERC165, IERC20, IERC1643, IERC1644 {
    struct PartitionInfo {
        uint128 totalSupply;
        uint64 index; // 1-based position in _partitionList; 0 = unknown partition
    }

    /// A compliance rule of the whole token (scope bytes32(0)) or of one partition, in one storage slot. Zero
    /// limits are off. `holders` is counted on-chain from the moment rules are switched on (setRules).
    struct Rule {
        uint32 maxHolders;
        uint32 holders;
        uint40 lockupUntil;
        uint8 countryMode; // 0 none, 1 allow-list, 2 deny-list
        uint72 minHolding;
        uint72 maxHolding;
    }

    struct Document {
        bytes32 docHash;
        uint64 lastModified;
        uint64 index; // 1-based position in _documentNames
        string uri;
    }

    /// @notice Upper bound on distinct partitions, which keeps the derived views bounded.
    uint256 public constant MAX_PARTITIONS = 256;
    uint8 public constant decimals = 0;
    /// keccak256("IssuedByPartition(bytes32,address,address,uint256,bytes,bytes)"), logged from assembly.
    bytes32 private constant ISSUED_BY_PARTITION_TOPIC =
        0xf0ded82afbb1bb3ff3fc48cb2a26584aa84e4af0bf309c804ecdb94d0f6a98bb;
    /// keccak256("Transfer(address,address,uint256)"), logged from assembly.
    bytes32 private constant TRANSFER_TOPIC = 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef;

    /// Slot 0, the state every balance-changing call reads: the token's own rule, as a rule word (see _ruleWord),
    /// with the token's flags in the six spare bits of its country-mode byte. So the token's rule costs no read.
    uint256 private _state;
    uint256 private constant PAUSED = 1 << 106;
    uint256 private constant MINTING_FROZEN = 1 << 107;
    uint256 private constant CONTROLLABLE = 1 << 108;
    uint256 private constant RULES_ON = 1 << 109;
    /// A rule has had a country list: receivers' countries are read.
    uint256 private constant COUNTRY_RULES = 1 << 110;
    /// While rules are on: more than one partition. Until then the token's holder count is its one partition's.
    uint256 private constant SEVERAL_PARTITIONS = 1 << 111;
    /// The same bit while rules are not on yet: holders are being counted (countHolders). Balances do not move until
    /// the count completes, so a rule-free token tests one constant mask, RULES_OR_COUNTING, as before.
    uint256 private constant COUNTING = SEVERAL_PARTITIONS;
    uint256 private constant RULES_OR_COUNTING = RULES_ON | COUNTING;
    uint256 private constant FLAGS = 0xfc << 104;
    uint256 private constant HOLDERS = 0xffffffff << 32;

    string public name;
    string public symbol;

    address public immutable owner;
    address private immutable _controller;
    address public immutable whitelist;
    address public immutable securityScheme;

    bytes32[] private _partitionList;
    mapping(bytes32 partition => PartitionInfo) private _partitions;
    mapping(bytes32 partition => mapping(address holder => uint256)) private _balances;
    mapping(address holder => mapping(address operator => bool)) private _operators;
    mapping(address holder => mapping(bytes32 partition => mapping(address operator => bool)))
        private _partitionOperators;
    bytes32[] private _documentNames;
    mapping(bytes32 name => Document) private _documents;
    mapping(address holder => mapping(address spender => uint256)) private _allowances;
    mapping(address holder => bytes32[]) private _defaultPartitions;
    mapping(bytes32 scope => Rule) private _rules;
    mapping(bytes32 scope => mapping(bytes2 country => bool)) private _countryListed;
    mapping(bytes32 scope => bytes2[]) private _countryList;
    /// While holders are counted: the last address counted (batches are strictly ascending across calls) and, per
    /// partition, the balances counted so far.
    address private _countCursor;
    mapping(bytes32 partition => uint256) private _counted;

    // ERC-20
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event DefaultPartitionsSet(address indexed tokenHolder, bytes32[] partitions);

    // ERC-1410
    event TransferByPartition(
        bytes32 indexed fromPartition,
        address operator,
        address indexed from,
        address indexed to,
        uint256 value,
        bytes data,
        bytes operatorData
    );
    event AuthorizedOperator(address indexed operator, address indexed tokenHolder);
    event RevokedOperator(address indexed operator, address indexed tokenHolder);
    event AuthorizedOperatorByPartition(
        bytes32 indexed partition, address indexed operator, address indexed tokenHolder
    );
    event RevokedOperatorByPartition(bytes32 indexed partition, address indexed operator, address indexed tokenHolder);
    // ERC-1594 (by partition)
    event IssuedByPartition(
        bytes32 indexed partition, address indexed operator, address indexed to, uint256 value, bytes data, bytes operatorData
    );
    event RedeemedByPartition(
        bytes32 indexed partition,
        address indexed operator,
        address indexed from,
        uint256 value,
        bytes data,
        bytes operatorData
    );
    event PartitionCreated(bytes32 indexed partition);
    event MintingFrozen(address indexed by);
    // ERC-1643
    event DocumentUpdated(bytes32 indexed name, string uri, bytes32 documentHash);
    event DocumentRemoved(bytes32 indexed name, string uri, bytes32 documentHash);
    // ERC-1644
    event ControllerTransfer(
        address controller, address indexed from, address indexed to, uint256 value, bytes data, bytes operatorData
    );
    event ControllerRedemption(
        address controller, address indexed tokenHolder, uint256 value, bytes data, bytes operatorData
    );
    event FinalizedControllerFeature();
    // Compliance rules
    event RulesSet(
        bytes32 indexed scope,
        uint256 maxHolders,
        uint256 lockupUntil,
        uint256 minHolding,
        uint256 maxHolding,
        uint8 countryMode,
        bytes2[] countries
    );
    // Pause
    event Paused(address indexed by);
    event Unpaused(address indexed by);

    constructor(
        string memory name_,
        string memory symbol_,
        address owner_,
        address controller_,
        address whitelist_,
        address securityScheme_
    ) {
        if (bytes(name_).length == 0) _fail("token name is required");
        if (bytes(symbol_).length == 0) _fail("token symbol is required");
        if (owner_ == address(0)) _fail("owner is the zero address");
        if (whitelist_.code.length == 0) _fail("whitelist is not a contract");
        if (securityScheme_.code.length == 0) _fail("security scheme is not a", " contract");
        name = name_;
        symbol = symbol_;
        owner = owner_;
        _controller = controller_;
        whitelist = whitelist_;
        securityScheme = securityScheme_;
        if (controller_ != address(0)) _state = CONTROLLABLE;
    }

    // =====================================================================
    // ERC-165
    // =====================================================================

    /// @notice ERC-165, ERC-20, ERC-1643 (documents) and ERC-1644 (controller).
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC165).interfaceId || interfaceId == type(IERC20).interfaceId
            || interfaceId == type(IERC1643).interfaceId || interfaceId == type(IERC1644).interfaceId;
    }

    // =====================================================================
    // ERC-20
    // =====================================================================

    function totalSupply() external view returns (uint256 supply) {
        uint256 n = _partitionList.length;
        for (uint256 i; i < n; ++i) supply += _partitions[_partitionList[i]].totalSupply;
    }

    function balanceOf(address tokenHolder) external view returns (uint256 balance) {
        uint256 n = _partitionList.length;
        for (uint256 i; i < n; ++i) balance += _balances[_partitionList[i]][tokenHolder];
    }

    /// @notice Moves `value` of the caller's tokens to `to`, drawn from the caller's default partitions in order
    /// (defaultPartitionsOf). The same checks as a partition transfer, with the same revert reasons; a zero
    /// `value` is a normal transfer (checked, and logged as Transfer) that moves nothing.
    function transfer(address to, uint256 value) external returns (bool) {
        _transferByDefault(msg.sender, to, value);
        return true;
    }

    /// @notice Like transfer, from `from`, spending exactly `value` of the caller's allowance first.
    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = _allowances[from][msg.sender];
        if (allowed < value) _fail("insufficient allowance");
        unchecked {
            _allowances[from][msg.sender] = allowed - value;
        }
        _transferByDefault(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        if (spender == address(0)) _fail("spender is the zero address");
        _allowances[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function allowance(address tokenHolder, address spender) external view returns (uint256) {
        return _allowances[tokenHolder][spender];
    }

    /// @notice The partitions a plain ERC-20 transfer of `tokenHolder` draws from, in order: the holder's own list
    /// when set (setDefaultPartitions), else every partition in creation order, which starts with the token's
    /// default partition (the first one issued into).
    function defaultPartitionsOf(address tokenHolder) external view returns (bytes32[] memory) {
        return _defaultPartitionsOf(tokenHolder);
    }

    /// @notice Sets the caller's default partitions (known partitions, each once); an empty list restores the
    /// token's order. Partitions left out are not touched by the caller's plain transfers.
    function setDefaultPartitions(bytes32[] calldata partitions) external {
        uint256 n = partitions.length;
        if (n > MAX_PARTITIONS) _fail("too many partitions");
        for (uint256 i; i < n; ++i) {
            if (_partitions[partitions[i]].index == 0) _fail("unknown partition");
            for (uint256 j; j < i; ++j) if (partitions[j] == partitions[i]) _fail("partition is listed twice");
        }
        _defaultPartitions[msg.sender] = partitions;
        emit DefaultPartitionsSet(msg.sender, partitions);
    }

    // =====================================================================
    // ERC-1410 partitions
    // =====================================================================

    function balanceOfByPartition(bytes32 partition, address tokenHolder) external view returns (uint256) {
        return _balances[partition][tokenHolder];
    }

    function totalSupplyByPartition(bytes32 partition) external view returns (uint256) {
        return _partitions[partition].totalSupply;
    }

    /// @notice Partitions in which `tokenHolder` holds a non-zero balance, in creation order.
    function partitionsOf(address tokenHolder) external view returns (bytes32[] memory held) {
        uint256 n = _partitionList.length;
        held = new bytes32[](n);
        uint256 count;
        for (uint256 i; i < n; ++i) {
            bytes32 partition = _partitionList[i];
            if (_balances[partition][tokenHolder] != 0) held[count++] = partition;
        }
        assembly {
            mstore(held, count)
        }
    }

    /// @notice Every partition ever issued into, in creation order.
    function allPartitions() external view returns (bytes32[] memory) {
        return _partitionList;
    }

    function transferByPartition(bytes32 partition, address to, uint256 value, bytes calldata data)
        external
        returns (bytes32)
    {
        _transferByPartition(partition, false, msg.sender, to, value, data, "");
        return partition;
    }

    function operatorTransferByPartition(
        bytes32 partition,
        address from,
        address to,
        uint256 value,
        bytes calldata data,
        bytes calldata operatorData
    ) external returns (bytes32) {
        if (!_isOperatorFor(partition, msg.sender, from)) _fail("caller is not an operator of the", " token holder");
        _transferByPartition(partition, false, from, to, value, data, operatorData);
        return partition;
    }

    /// @notice ERC-1066 status of a prospective partition transfer: (code, reason, destination partition).
    /// 0x51 success, 0x50 transfer failure (bad input or unknown partition), 0x52 insufficient balance,
    /// 0x54 transfers halted (paused, or holders being counted while rules switch on), 0x55 funds locked (lock-up), 0x56 invalid sender (would fall below a
    /// minimum holding), 0x57 invalid receiver (zero, not whitelisted, or refused by a holder, holding or country
    /// rule). The same judgement as the transfer itself (_transferStatus); the reason is the revert text's short form.
    function canTransferByPartition(address from, address to, bytes32 partition, uint256 value, bytes calldata)
        external
        view
        returns (bytes1, bytes32, bytes32)
    {
        return _canTransferByPartition(from, to, partition, value);
    }

    // ---- Operators ----

    function authorizeOperator(address operator) external {
        _checkOperatorAddress(operator);
        if (_operators[msg.sender][operator]) _fail("operator is already authorized");
        _operators[msg.sender][operator] = true;
        emit AuthorizedOperator(operator, msg.sender);
    }

    function revokeOperator(address operator) external {
        if (!_operators[msg.sender][operator]) _fail("operator is not authorized");
        _operators[msg.sender][operator] = false;
        emit RevokedOperator(operator, msg.sender);
    }

    function authorizeOperatorByPartition(bytes32 partition, address operator) external {
        _checkOperatorAddress(operator);
        if (partition == bytes32(0)) _fail("partition is required");
        if (_partitionOperators[msg.sender][partition][operator]) {
            _fail("operator is already authorized", " for this partition");
        }
        _partitionOperators[msg.sender][partition][operator] = true;
        emit AuthorizedOperatorByPartition(partition, operator, msg.sender);
    }

    function revokeOperatorByPartition(bytes32 partition, address operator) external {
        if (!_partitionOperators[msg.sender][partition][operator]) {
            _fail("operator is not authorized for", " this partition");
        }
        _partitionOperators[msg.sender][partition][operator] = false;
        emit RevokedOperatorByPartition(partition, operator, msg.sender);
    }

    /// @notice Whether `operator` may act for `tokenHolder` in every partition.
    function isOperator(address operator, address tokenHolder) external view returns (bool) {
        return _operators[tokenHolder][operator];
    }

    /// @notice Whether `operator` may act for `tokenHolder` in `partition` (authorized for it or for all).
    function isOperatorForPartition(bytes32 partition, address operator, address tokenHolder)
        external
        view
        returns (bool)
    {
        return _isOperatorFor(partition, operator, tokenHolder);
    }

    // =====================================================================
    // ERC-1594 issuance and redemption
    // =====================================================================

    function isIssuable() external view returns (bool) {
        return _state & MINTING_FROZEN == 0;
    }

    /// @notice Issues `value` tokens of `partition` to `tokenHolder`; a new partition is created on first issue.
    function issueByPartition(bytes32 partition, address tokenHolder, uint256 value, bytes calldata data) external {
        _requireIssuer();
        if (tokenHolder == address(0)) _fail("token holder is the zero address");
        if (value == 0) _fail("amount must be greater than zero");
        if (!ITokenWhitelist(whitelist).isVerified(tokenHolder)) {
            _fail("token holder is not verified in", " the whitelist");
        }
        _addSupply(partition, value);
        _credit(partition, tokenHolder, value, data);
    }

    /// @notice Batch issue: `values[i]` tokens of `partition` to `tokenHolders[i]`, all or nothing. The batch
    /// must fit one transaction's gas cap; size it from the measured per-holder gas (see the package README).
    function issueByPartition(
        bytes32 partition,
        address[] calldata tokenHolders,
        uint256[] calldata values,
        bytes calldata data
    ) external {
        _requireIssuer();
        uint256 n = tokenHolders.length;
        if (n == 0) _fail("no token holders given");
        if (n != values.length) _fail("arrays have unequal lengths");
        uint256 total;
        if (_state & RULES_OR_COUNTING != 0) {
            // Under rules every holder is judged in turn, counting the holders credited before it, in a partition
            // that exists from the start (see _holdsOnly).
            _addSupply(partition, 0);
            for (uint256 i; i < n; ++i) {
                uint256 value = values[i];
                if (tokenHolders[i] == address(0) || value == 0 || value > type(uint128).max) {
                    _checkIssueInput(tokenHolders, values);
                }
                total += value;
                _credit(partition, tokenHolders[i], value, data);
            }
        } else {
            // The IssuedByPartition data (value, data, operatorData) is encoded once; each holder only changes `value`.
            total = _issueEach(partition, tokenHolders, values, abi.encode(uint256(0), data, bytes("")));
        }
        if (ITokenWhitelist(whitelist).firstUnverified(tokenHolders) != n) {
            _fail("token holder is not verified in", " the whitelist");
        }
        _addSupply(partition, total);
    }

    /// @notice Redeems `value` of the caller's own tokens in `partition`.
    function redeemByPartition(bytes32 partition, uint256 value, bytes calldata data) external {
        _requireRedeemer();
        _burn(partition, msg.sender, msg.sender, value, data, "");
    }

    /// @notice Redeems `value` of `tokenHolder`'s tokens in `partition` by an operator who may also redeem.
    function operatorRedeemByPartition(
        bytes32 partition,
        address tokenHolder,
        uint256 value,
        bytes calldata operatorData
    ) external {
        _requireRedeemer();
        if (!_isOperatorFor(partition, msg.sender, tokenHolder)) {
            _fail("caller is not an operator of the", " token holder");
        }
        _burn(partition, msg.sender, tokenHolder, value, "", operatorData);
    }

    /// @notice Permanently stops issuance. Owner only.
    function freezeMinting() external {
        if (msg.sender != owner) _fail("caller is not allowed to freeze", " minting");
        if (_state & MINTING_FROZEN != 0) _fail("token minting is frozen already");
        _state |= MINTING_FROZEN;
        emit MintingFrozen(msg.sender);
    }

    // ---- Rights, for the user interface ----

    /// @notice Whether `account` holds the issuing right (Access Level 2). Issuance also needs isIssuable() and
    /// !isPaused().
    function canIssue(address account) external view returns (bool) {
        return ITokenScheme(securityScheme).hasLevel2(account);
    }

    /// @notice Whether `account` holds the redeeming right (Access Level 2).
    function canRedeem(address account) external view returns (bool) {
        return ITokenScheme(securityScheme).hasLevel2(account);
    }

    /// @notice Whether `account` may pause and resume trading (Access Level 2).
    function canPause(address account) external view returns (bool) {
        return ITokenScheme(securityScheme).hasLevel2(account);
    }

    /// @notice Whether `account` may freeze minting now (the owner, while the token is issuable).
    function canFreezeMinting(address account) external view returns (bool) {
        return account == owner && _state & MINTING_FROZEN == 0;
    }

    // =====================================================================
    // Pause
    // =====================================================================

    function pause() external {
        if (!ITokenScheme(securityScheme).hasLevel2(msg.sender)) {
            _fail("caller is not allowed to pause", " token trading");
        }
        if (_state & PAUSED != 0) _fail("token trading is paused already");
        _state |= PAUSED;
        emit Paused(msg.sender);
    }

    function unPause() external {
        if (!ITokenScheme(securityScheme).hasLevel2(msg.sender)) {
            _fail("caller is not allowed to resume", " token trading");
        }
        if (_state & PAUSED == 0) _fail("token trading is active already");
        _state &= ~PAUSED;
        emit Unpaused(msg.sender);
    }

    function isPaused() external view returns (bool) {
        return _state & PAUSED != 0;
    }

    // =====================================================================
    // ERC-1644 controller
    // =====================================================================

    function isControllable() external view returns (bool) {
        return _state & CONTROLLABLE != 0;
    }

    /// @notice The controller, or the zero address when the token is not (or no longer) controllable.
    function controller() external view returns (address) {
        return _state & CONTROLLABLE != 0 ? _controller : address(0);
    }

    /// @notice Removes the controller forever. Owner only.
    function finalizeControllable() external {
        if (msg.sender != owner) _fail("caller is not the token owner");
        if (_state & CONTROLLABLE == 0) _fail("token is not controllable");
        _state &= ~CONTROLLABLE;
        emit FinalizedControllerFeature();
    }

    /// @notice Forced transfer of `value` tokens from `from` to `to`, taken from `from`'s partitions in creation
    /// order; each partition keeps its name on the receiving side.
    function controllerTransfer(
        address from,
        address to,
        uint256 value,
        bytes calldata data,
        bytes calldata operatorData
    ) external {
        _requireController();
        if (value == 0) _fail("amount must be greater than zero");
        _transferFromPartitions(_partitionList, true, from, to, value, data, operatorData);
        emit ControllerTransfer(msg.sender, from, to, value, data, operatorData);
    }

    /// @notice Forced redemption of `value` tokens of `tokenHolder`, taken from its partitions in creation order.
    function controllerRedeem(address tokenHolder, uint256 value, bytes calldata data, bytes calldata operatorData)
        external
    {
        _requireController();
        if (value == 0) _fail("amount must be greater than zero");
        if (tokenHolder == address(0)) _fail("token holder is the zero address");
        uint256 remaining = value;
        uint256 n = _partitionList.length;
        for (uint256 i; i < n && remaining != 0; ++i) {
            bytes32 partition = _partitionList[i];
            uint256 balance = _balances[partition][tokenHolder];
            if (balance == 0) continue;
            uint256 part = balance < remaining ? balance : remaining;
            remaining -= part;
            _burn(partition, msg.sender, tokenHolder, part, data, operatorData);
        }
        if (remaining != 0) _fail("insufficient balance");
        emit ControllerRedemption(msg.sender, tokenHolder, value, data, operatorData);
    }

    function controllerTransferByPartition(
        bytes32 partition,
        address from,
        address to,
        uint256 value,
        bytes calldata data,
        bytes calldata operatorData
    ) external {
        _requireController();
        _transferByPartition(partition, true, from, to, value, data, operatorData);
        emit ControllerTransfer(msg.sender, from, to, value, data, operatorData);
    }

    function controllerRedeemByPartition(
        bytes32 partition,
        address tokenHolder,
        uint256 value,
        bytes calldata data,
        bytes calldata operatorData
    ) external {
        _requireController();
        if (tokenHolder == address(0)) _fail("token holder is the zero address");
        _burn(partition, msg.sender, tokenHolder, value, data, operatorData);
        emit ControllerRedemption(msg.sender, tokenHolder, value, data, operatorData);
    }

    // =====================================================================
    // Compliance rules
    // =====================================================================

    /// @notice Sets the rule of the whole token (`scope` zero) or of partition `scope`, replacing the one before:
    /// a cap on holders, a lock-up (no transfer out before `lockupUntil`, a unix time; issue and controller
    /// operations still allowed), a minimum and maximum holding per address per partition (under the token's
    /// rule: in every partition), and a country allow-list (`countryMode` 1) or deny-list (2) of ISO 3166
    /// alpha-2 codes checked against the receiver's country in the whitelist. Zero turns a limit off. The token
    /// owner or a Security Manager (OP) of the scheme. The first call starts counting holders, with `holders` as
    /// the first batch (countHolders): rules are enforced once every holder is counted, and a list of every
    /// holder switches them on in this one call. Until then a non-empty `holders` starts the count again from
    /// it; once rules are on it is ignored.
    function setRules(
        bytes32 scope,
        uint32 maxHolders,
        uint40 lockupUntil,
        uint72 minHolding,
        uint72 maxHolding,
        uint8 countryMode,
        bytes2[] calldata countries,
        address[] calldata holders
    ) external {
        if (!canSetRules(msg.sender)) _fail("caller is not allowed to set", " rules");
        if (countryMode > 2) _fail("unknown country mode");
        if (!(maxHolding == 0 || minHolding <= maxHolding)) _fail("minimum holding is above the", " maximum");
        if (countries.length > 256) _fail("too many countries");
        uint256 state = _state;
        if (state & RULES_ON == 0 && (holders.length != 0 || state & COUNTING == 0)) _countHolders(holders, true);
        if (countryMode != 0) _state |= COUNTRY_RULES;
        bytes2[] storage list = _countryList[scope];
        for (uint256 i = list.length; i != 0; --i) {
            delete _countryListed[scope][list[i - 1]];
            list.pop();
        }
        for (uint256 i; i < countries.length; ++i) {
            if (countries[i] == bytes2(0)) _fail("country is required");
            _countryListed[scope][countries[i]] = true;
            list.push(countries[i]);
        }
        uint256 word = uint256(maxHolders) | (uint256(lockupUntil) << 64) | (uint256(countryMode) << 104)
            | (uint256(minHolding) << 112) | (uint256(maxHolding) << 184);
        uint256 slot = _wordSlot(scope);
        uint256 kept = HOLDERS | FLAGS;
        assembly ("memory-safe") {
            sstore(slot, or(and(sload(slot), kept), word))
        }
        emit RulesSet(scope, maxHolders, lockupUntil, minHolding, maxHolding, countryMode, countries);
    }

    /// @notice The rule of the token (`scope` zero) or of a partition, with its holder count (counted while
    /// rulesActive()).
    function rulesOf(bytes32 scope) external view returns (Rule memory rule, bytes2[] memory countries) {
        uint256 word = _ruleWord(scope, _partitionList.length == 1 ? _partitionList[0] : bytes32(0));
        rule = Rule(
            uint32(word), uint32(word >> 32), uint40(word >> 64), uint8(word >> 104), uint72(word >> 112), uint72(word >> 184)
        );
        countries = _countryList[scope];
    }

    /// @notice Whether rules are on (set once; holders are counted from then on).
    function rulesActive() external view returns (bool) {
        return _state & RULES_ON != 0;
    }

    /// @notice Whether `account` may set the rules (the token owner or a Security Manager of the scheme).
    function canSetRules(address account) public view returns (bool) {
        return account == owner || ITokenScheme(securityScheme).isSecurityManager(account);
    }

    /// @notice Counts a further batch of holders while rules are being switched on (after the first setRules):
    /// strictly ascending and above the last address counted (holderCountingState). Counting completes, and rules are
    /// enforced, once the balances counted in each partition add up to its supply; until then the token refuses
    /// every transfer, issue and redemption ('holders are being counted'). The token owner or a Security Manager.
    function countHolders(address[] calldata holders) external {
        if (!canSetRules(msg.sender)) _fail("caller is not allowed to set", " rules");
        if (_state & RULES_OR_COUNTING != COUNTING) _fail("holders are not being counted");
        _countHolders(holders, false);
    }

    /// @notice Whether holders are being counted, and the last address counted (the next batch starts above it).
    function holderCountingState() external view returns (bool, address) {
        return (_state & RULES_OR_COUNTING == COUNTING, _countCursor);
    }

    /// Counts `holders` (strictly ascending, above the cursor) into each partition's and the token's holder count
    /// and each partition's counted balance; `restart` first forgets what was counted. When every partition's
    /// counted balance is its supply, every holder is counted (balances cannot move while counting) and rules
    /// go on.
    function _countHolders(address[] calldata holders, bool restart) private {
        uint256 n = _partitionList.length;
        uint256 state = _state;
        if (restart) {
            state = (state & ~HOLDERS) | COUNTING;
            delete _countCursor;
            for (uint256 j; j < n; ++j) {
                bytes32 partition = _partitionList[j];
                delete _counted[partition];
                _rules[partition].holders = 0;
            }
        }
        // Three words per partition: the storage slot of its balances, the balance and the holders counted.
        uint256[] memory tally = new uint256[](3 * n);
        for (uint256 j; j < n; ++j) {
            mapping(address holder => uint256) storage balances = _balances[_partitionList[j]];
            assembly ("memory-safe") {
                mstore(add(tally, add(0x20, mul(j, 0x60))), balances.slot)
            }
        }
        address last = _countCursor;
        uint256 bad;
        assembly ("memory-safe") {
            let first := add(tally, 0x20)
            let end := add(first, mul(n, 0x60))
            for { let i := 0 } lt(i, holders.length) { i := add(i, 1) } {
                let holder := calldataload(add(holders.offset, shl(5, i)))
                // Strictly above the one before (so above the zero address), and a clean address.
                bad := or(bad, or(shr(160, holder), iszero(gt(holder, last))))
                last := holder
                mstore(0x00, holder)
                let holds := 0
                for { let w := first } lt(w, end) { w := add(w, 0x60) } {
                    mstore(0x20, mload(w))
                    let held := sload(keccak256(0x00, 0x40))
                    if held {
                        mstore(add(w, 0x20), add(mload(add(w, 0x20)), held))
                        mstore(add(w, 0x40), add(mload(add(w, 0x40)), 1))
                        holds := 1
                    }
                }
                // The token's holder count (bits 32-63 of its word).
                state := add(state, shl(32, holds))
            }
        }
        if (bad != 0) _fail("holders are not in ascending", " order");
        _countCursor = last;
        bool complete = true;
        for (uint256 j; j < n; ++j) {
            bytes32 partition = _partitionList[j];
            uint256 sum = _counted[partition] + tally[3 * j + 1];
            _counted[partition] = sum;
            _rules[partition].holders += uint32(tally[3 * j + 2]);
            if (sum != _partitions[partition].totalSupply) complete = false;
        }
        if (complete) state = (state & ~COUNTING) | RULES_ON | (n > 1 ? SEVERAL_PARTITIONS : 0);
        _state = state;
    }

    // =====================================================================
    // ERC-1643 documents
    // =====================================================================

    function setDocument(bytes32 documentName, string calldata uri, bytes32 documentHash) external {
        if (msg.sender != owner) _fail("caller is not the token owner");
        if (documentName == bytes32(0)) _fail("document name is required");
        if (bytes(uri).length == 0) _fail("document location is required");
        Document storage document = _documents[documentName];
        if (document.index == 0) {
            _documentNames.push(documentName);
            document.index = uint64(_documentNames.length);
        }
        document.docHash = documentHash;
        document.lastModified = uint64(block.timestamp);
        document.uri = uri;
        emit DocumentUpdated(documentName, uri, documentHash);
    }

    function removeDocument(bytes32 documentName) external {
        if (msg.sender != owner) _fail("caller is not the token owner");
        Document storage document = _documents[documentName];
        uint256 index = document.index;
        if (index == 0) _fail("unknown document");
        uint256 last = _documentNames.length;
        if (index != last) {
            bytes32 moved = _documentNames[last - 1];
            _documentNames[index - 1] = moved;
            _documents[moved].index = uint64(index);
        }
        _documentNames.pop();
        string memory uri = document.uri;
        bytes32 documentHash = document.docHash;
        delete _documents[documentName];
        emit DocumentRemoved(documentName, uri, documentHash);
    }

    /// @notice (uri, hash, last modified timestamp); empty values for an unknown name.
    function getDocument(bytes32 documentName) external view returns (string memory, bytes32, uint256) {
        Document storage document = _documents[documentName];
        return (document.uri, document.docHash, document.lastModified);
    }

    function getAllDocuments() external view returns (bytes32[] memory) {
        return _documentNames;
    }

    // =====================================================================
    // Internals
    // =====================================================================

    function _requireIssuer() private view {
        if (!ITokenScheme(securityScheme).hasLevel2(msg.sender)) _fail("caller is not allowed to issue", " tokens");
        if (_state & MINTING_FROZEN != 0) _fail("token minting is frozen");
        if (_state & PAUSED != 0) _fail("token trading is paused");
    }

    function _requireRedeemer() private view {
        if (!ITokenScheme(securityScheme).hasLevel2(msg.sender)) _fail("caller is not allowed to redeem", " tokens");
        if (_state & PAUSED != 0) _fail("token trading is paused");
    }

    function _requireController() private view {
        if (_state & CONTROLLABLE == 0) _fail("token is not controllable");
        if (msg.sender != _controller) _fail("caller is not the token", " controller");
        if (_state & PAUSED != 0) _fail("token trading is paused");
    }

    function _checkOperatorAddress(address operator) private view {
        if (operator == address(0)) _fail("operator is the zero address");
        if (operator == msg.sender) _fail("token holder cannot be its own", " operator");
    }

    function _isOperatorFor(bytes32 partition, address operator, address tokenHolder) private view returns (bool) {
        return _operators[tokenHolder][operator] || _partitionOperators[tokenHolder][partition][operator];
    }

    /// Credits `values[i]` of `partition` to `holders[i]` and logs IssuedByPartition and Transfer for each; returns
    /// the sum. The hot loop of batch issuance: one storage slot and two logs per holder. A zero holder, a zero value or a
    /// value of 2^128 or more makes it revert with the reason _checkIssueInput finds.
    function _issueEach(
        bytes32 partition,
        address[] calldata holders,
        uint256[] calldata values,
        bytes memory eventData
    ) private returns (uint256 total) {
        uint256 bad;
        assembly ("memory-safe") {
            mstore(0x00, partition)
            mstore(0x20, _balances.slot)
            // Scratch word 0x20 keeps the base slot of _balances[partition] for the whole loop.
            mstore(0x20, keccak256(0x00, 0x40))
            let dataLen := mload(eventData)
            eventData := add(eventData, 0x20)
            for { let i := 0 } lt(i, shl(5, holders.length)) { i := add(i, 0x20) } {
                let holder := calldataload(add(holders.offset, i))
                let value := calldataload(add(values.offset, i))
                bad := or(bad, or(or(iszero(holder), iszero(value)), or(shr(160, holder), shr(128, value))))
                // Valid values are below 2^128, so neither `total` nor a balance can overflow; _addSupply then
                // bounds the partition supply, and with it every balance, by 2^128.
                total := add(total, value)
                mstore(0x00, holder)
                let slot := keccak256(0x00, 0x40)
                sstore(slot, add(sload(slot), value))
                mstore(eventData, value)
                log4(eventData, dataLen, ISSUED_BY_PARTITION_TOPIC, partition, caller(), holder)
                // ERC-20 Transfer(0, holder, value): its data is the first word of the event data.
                log3(eventData, 0x20, TRANSFER_TOPIC, 0, holder)
            }
        }
        if (bad != 0) _checkIssueInput(holders, values);
    }

    /// Reverts with the reason of the first invalid entry of a batch issue.
    function _checkIssueInput(address[] calldata holders, uint256[] calldata values) private pure {
        for (uint256 i; i < holders.length; ++i) {
            if (holders[i] == address(0)) _fail("token holder is the zero address");
            if (values[i] == 0) _fail("amount must be greater than zero");
            if (values[i] > type(uint128).max) _fail("total supply would overflow");
        }
        _fail("invalid issuance input");
    }

    function _addSupply(bytes32 partition, uint256 value) private {
        if (partition == bytes32(0)) _fail("partition is required");
        PartitionInfo memory info = _partitions[partition];
        if (info.index == 0) {
            if (_partitionList.length >= MAX_PARTITIONS) _fail("too many partitions");
            _partitionList.push(partition);
            info.index = uint64(_partitionList.length);
            if (info.index == 2 && _state & RULES_ON != 0) {
                // The token's holder count, kept in its first partition's word while that was the only one.
                _state = (_state & ~HOLDERS) | (_ruleWord(_partitionList[0], 0) & HOLDERS) | SEVERAL_PARTITIONS;
            }
            emit PartitionCreated(partition);
        }
        uint256 supply = uint256(info.totalSupply) + value;
        if (supply > type(uint128).max) _fail("total supply would overflow");
        info.totalSupply = uint128(supply);
        _partitions[partition] = info;
    }

    /// The one judgement of every transfer, and of canTransferByPartition: (ERC-1066 code, short reason; the
    /// reason is the revert text but for the whitelist's, see _requireTransfer). `byPartition` is false for a transfer drawn from partitions in the order `order` (ERC-20 transfer,
    /// controller transfer), where `partition` is unused, a zero `value` is allowed and `balance` is what those
    /// partitions hold; otherwise `balance` is `from`'s balance in `partition`. `forced` marks a controller
    /// transfer, which lock-ups do not stop. The caller checks its own rights first. Compliance rules come last,
    /// after the whitelist, and only while rules are on or holders are being counted (which refuses every
    /// transfer); a rule-free token tests one mask of the slot it read first.
    function _transferStatus(
        bool byPartition,
        bool forced,
        bytes32[] storage order,
        bytes32 partition,
        address from,
        address to,
        uint256 value,
        uint256 balance
    ) private view returns (bytes1 code, bytes32 reason) {
        uint256 state = _state;
        if (state & PAUSED != 0) return (0x54, "token trading is paused");
        if (from == address(0)) return (0x56, "sender is the zero address");
        if (to == address(0)) return (0x57, "receiver is the zero address");
        if (byPartition && value == 0) return (0x50, "amount must be greater than zero");
        if (balance < value) {
            // A partition that was never issued into holds nothing, so only a shortfall needs this read.
            if (byPartition && _partitions[partition].index == 0) return (0x50, "unknown partition");
            return (0x52, "insufficient balance");
        }
        // The revert text is the reason's, but for this one (_requireTransfer).
        if (!ITokenWhitelist(whitelist).isVerified(to)) return (0x57, "receiver is not verified");
        if (state & RULES_OR_COUNTING != 0) {
            (code, reason) = _rulesStatus(state, byPartition, forced, order, partition, from, to, value);
            if (code != 0x51) return (code, reason);
        }
        return (0x51, "transfer allowed");
    }

    /// The compliance rules of a transfer (`state` is slot 0 as read by the caller): none while holders are being
    /// counted; then for each partition it draws from (`partition`, or the parts taken in `order` when not
    /// `byPartition`), the token's rule and the partition's rule (_partStatus).
    function _rulesStatus(
        uint256 state,
        bool byPartition,
        bool forced,
        bytes32[] storage order,
        bytes32 partition,
        address from,
        address to,
        uint256 value
    ) private view returns (bytes1 code, bytes32 reason) {
        if (state & RULES_ON == 0) return (0x54, "holders are being counted");
        if (from == to || value == 0) return (0x51, 0);
        // The receiver's country, read once and only while a rule has a country list.
        bytes2 country = state & COUNTRY_RULES != 0 ? ITokenWhitelist(whitelist).countryOf(to) : bytes2(0);
        if (byPartition) return _partStatus(partition, !forced, from, _balances[partition][from], to, value, country);
        uint256 remaining = value;
        // The caller found `value` within `order`, so the walk ends inside it: its entries are read unchecked.
        for (uint256 i; remaining != 0; ++i) {
            bytes32 p;
            assembly ("memory-safe") {
                mstore(0x00, order.slot)
                p := sload(add(keccak256(0x00, 0x20), i))
            }
            uint256 held = _balances[p][from];
            if (held == 0) continue;
            uint256 part = held < remaining ? held : remaining;
            unchecked {
                remaining -= part;
            }
            (code, reason) = _partStatus(p, !forced, from, held, to, part, country);
            if (code != 0x51) return (code, reason);
        }
        return (0x51, 0);
    }

    /// The token's rule, then the rule of `partition`, against a move of `value` in `partition` from `from`, who
    /// holds `fromHeld` there (the zero address and type(uint256).max for an issue), to `to`, whose country is `country`. Holdings are per address per partition
    /// under both rules; the token's holder cap counts addresses holding any partition (scanned only when `to`
    /// holds none of `partition`, the cap is reached and the token has several partitions). Each rule is one
    /// storage word, read once (_ruleWord); the country list is read only under a country rule.
    function _partStatus(
        bytes32 partition,
        bool lockup,
        address from,
        uint256 fromHeld,
        address to,
        uint256 value,
        bytes2 country
    ) private view returns (bytes1 code, bytes32 reason) {
        uint256 toHeld = _balances[partition][to];
        uint256 partWord = _ruleWord(partition, 0);
        for (uint256 k; k < 2; ++k) {
            uint256 word = k == 0 ? _tokenWord(partWord) : partWord;
            // Only the holder count (bits 32-63) set: no rule in this scope.
            if (word & ~uint256(0xffffffff << 32) == 0) continue;
            (code, reason) =
                _scopeStatus(word, k == 0 ? bytes32(0) : partition, lockup, fromHeld, toHeld, value, country);
            if (code != 0x51) return (code, reason);
            if (
                uint32(word) != 0 && toHeld == 0 && uint32(word >> 32) >= uint32(word)
                    && _addsHolder(k == 0, partition, from, to, fromHeld == value)
            ) {
                return (0x57, k == 0 ? bytes32("token holder limit reached") : bytes32("partition holder limit reached"));
            }
        }
        return (0x51, 0);
    }

    /// One rule's lock-up, country and holding limits (the rule's storage `word`; of the token when `scope` is
    /// zero, else of partition `scope`) against a move of `value` from a sender holding `fromHeld`
    /// (type(uint256).max for an issue) to a receiver holding `toHeld` in the partition, whose country is `country`.
    function _scopeStatus(
        uint256 word,
        bytes32 scope,
        bool lockup,
        uint256 fromHeld,
        uint256 toHeld,
        uint256 value,
        bytes2 country
    ) private view returns (bytes1, bytes32) {
        bool token = scope == bytes32(0);
        if (lockup && uint40(word >> 64) > block.timestamp) {
            return (0x55, token ? bytes32("token is locked up") : bytes32("partition is locked up"));
        }
        uint256 mode = uint8(word >> 104);
        if (mode != 0 && _countryListed[scope][country] != (mode == 1)) {
            return (0x57, token ? bytes32("receiver country not allowed") : bytes32("country not allowed in partition"));
        }
        uint256 received = toHeld + value;
        uint256 maxHolding = word >> 184;
        if (maxHolding != 0 && received > maxHolding) {
            return (0x57, token ? bytes32("holding above token maximum") : bytes32("holding above partition maximum"));
        }
        uint256 minHolding = uint72(word >> 112);
        if (minHolding != 0) {
            bool senderBelow = fromHeld != value && fromHeld - value < minHolding;
            if (received < minHolding || senderBelow) {
                return (
                    senderBelow ? bytes1(0x56) : bytes1(0x57),
                    token ? bytes32("holding below token minimum") : bytes32("holding below partition minimum")
                );
            }
        }
        return (0x51, 0);
    }

    /// The rule of `scope` as its storage word: maxHolders bits 0-31, holders 32-63, lockupUntil 64-103,
    /// countryMode 104-111, minHolding 112-183, maxHolding 184-255 (the layout of Rule). The token's (scope zero)
    /// is slot 0 without its flags, and, while the token has one partition (`partition`, else zero), with that
    /// partition's holder count.
    function _ruleWord(bytes32 scope, bytes32 partition) private view returns (uint256 word) {
        uint256 slot = _wordSlot(scope);
        assembly ("memory-safe") {
            word := sload(slot)
        }
        if (scope == bytes32(0)) word = partition == bytes32(0) ? word & ~FLAGS : _tokenWord(_ruleWord(partition, 0));
    }

    /// The token's rule word (slot 0 without its flags); while the token has one partition, whose rule word is
    /// `partWord`, with that partition's holder count.
    function _tokenWord(uint256 partWord) private view returns (uint256 word) {
        word = _state;
        if (word & SEVERAL_PARTITIONS == 0) word = (word & ~HOLDERS) | (partWord & HOLDERS);
        word &= ~FLAGS;
    }

    /// The storage slot of the rule word of `scope`: slot 0 for the token's.
    function _wordSlot(bytes32 scope) private view returns (uint256 slot) {
        if (scope == bytes32(0)) {
            assembly ("memory-safe") {
                slot := _state.slot
            }
        } else {
            Rule storage rule = _rules[scope];
            assembly ("memory-safe") {
                slot := rule.slot
            }
        }
    }


    /// Whether a move in `partition` to `to`, who holds none of it, adds a holder to the token (`token`) or to the
    /// partition: `to` is new to the scope and the sender does not leave it (`leavesPartition` and, for the token,
    /// holds nothing else).
    function _addsHolder(bool token, bytes32 partition, address from, address to, bool leavesPartition)
        private
        view
        returns (bool)
    {
        if (!token) return !leavesPartition;
        return _holdsOnly(to, partition) && !(leavesPartition && _holdsOnly(from, partition));
    }

    /// Whether `holder` holds nothing outside `partition`.
    function _holdsOnly(address holder, bytes32 partition) private view returns (bool) {
        // While rules are on, `partition` exists (the batch issuer creates it first), so with one partition in
        // all nothing else can be held.
        if (_state & SEVERAL_PARTITIONS == 0) return true;
        uint256 n = _partitionList.length;
        for (uint256 i; i < n; ++i) {
            bytes32 p = _partitionList[i];
            if (p != partition && _balances[p][holder] != 0) return false;
        }
        return true;
    }

    /// Counts `holder` in (`arrives`) or out of the holders of `partition` and, when it holds nothing else, of
    /// the token. Called only while rules are on, after the balance changed.
    function _count(bytes32 partition, address holder, bool arrives) private {
        // With one partition the token's count is the partition's (_ruleWord): only that one is written.
        bool token = _state & SEVERAL_PARTITIONS != 0 && _holdsOnly(holder, partition);
        Rule storage part = _rules[partition];
        // `holders` is bits 32-63 of a rule's word. A count cannot wrap: it rises by one per address that comes
        // to hold the scope and falls only for an address counted before (at most 2^32 - 1 addresses would hold).
        assembly ("memory-safe") {
            let step := shl(32, 1)
            if iszero(arrives) { step := sub(0, step) }
            sstore(part.slot, add(sload(part.slot), step))
            if token { sstore(_state.slot, add(sload(_state.slot), step)) }
        }
    }

    /// A redemption that leaves `left` (not zero) of `partition` must leave the token's and the partition's
    /// minimum holding, as a transfer must leave its sender (only all of it may go).
    function _requireMinimumLeft(bytes32 partition, uint256 left) private view {
        if (left < uint72(_ruleWord(0, 0) >> 112)) _fail("holding below token minimum");
        if (left < uint72(_ruleWord(partition, 0) >> 112)) _fail("holding below partition minimum");
    }

    /// Reverts while holders are being counted (balances must not move until the count completes).
    function _requireCounted() private view {
        if (_state & RULES_ON == 0) _fail("holders are being counted");
    }

    /// Reverts with the Error(string) of a short reason (a zero-padded bytes32 string).
    function _fail(bytes32 reason) private pure {
        _fail(reason, 0);
    }

    /// Reverts with the Error(string) of `head` followed by `tail` (each a zero-padded bytes32 string): every
    /// refusal shares this encoding, so its call site costs two pushes.
    function _fail(bytes32 head, bytes32 tail) private pure {
        assembly ("memory-safe") {
            let h := 0
            for {} and(lt(h, 32), gt(byte(h, head), 0)) {} { h := add(h, 1) }
            let t := 0
            for {} and(lt(t, 32), gt(byte(t, tail), 0)) {} { t := add(t, 1) }
            let p := mload(0x40)
            mstore(p, shl(224, 0x08c379a0))
            mstore(add(p, 0x04), 0x20)
            mstore(add(p, 0x24), add(h, t))
            mstore(add(p, 0x64), 0)
            mstore(add(p, 0x44), head)
            mstore(add(add(p, 0x44), h), tail)
            revert(p, add(0x44, and(add(add(h, t), 31), not(31))))
        }
    }

    /// Credits an issue of `value` to `to` (supply added by the caller): the rules first while they are on.
    function _credit(bytes32 partition, address to, uint256 value, bytes calldata data) private {
        uint256 held = _balances[partition][to];
        bool rulesOn = _state & RULES_OR_COUNTING != 0;
        if (rulesOn) {
            _requireCounted();
            bytes2 country = _state & COUNTRY_RULES != 0 ? ITokenWhitelist(whitelist).countryOf(to) : bytes2(0);
            (bytes1 code, bytes32 reason) =
                _partStatus(partition, false, address(0), type(uint256).max, to, value, country);
            if (code != 0x51) _fail(reason);
        }
        unchecked {
            // Bounded by the partition supply, which _addSupply keeps within uint128.
            _balances[partition][to] = held + value;
        }
        if (rulesOn && held == 0) _count(partition, to, true);
        emit IssuedByPartition(partition, msg.sender, to, value, data, "");
        emit Transfer(address(0), to, value);
    }

    function _canTransferByPartition(address from, address to, bytes32 partition, uint256 value)
        private
        view
        returns (bytes1 code, bytes32 reason, bytes32 destination)
    {
        uint256 balance = _balances[partition][from];
        (code, reason) = _transferStatus(true, false, _partitionList, partition, from, to, value, balance);
        if (code == 0x51) destination = partition;
    }

    /// Reverts unless the transfer is allowed, with _transferStatus's reason as the text (the whitelist's in full).
    function _requireTransfer(
        bool byPartition,
        bool forced,
        bytes32[] storage order,
        bytes32 partition,
        address from,
        address to,
        uint256 value,
        uint256 balance
    ) private view {
        (bytes1 code, bytes32 reason) =
            _transferStatus(byPartition, forced, order, partition, from, to, value, balance);
        if (code != 0x51) {
            if (reason == "receiver is not verified") _fail("receiver is not verified in", " the whitelist");
            _fail(reason);
        }
    }

    /// A transfer of `value` in one partition (partition, operator and controller transfers).
    function _transferByPartition(
        bytes32 partition,
        bool forced,
        address from,
        address to,
        uint256 value,
        bytes memory data,
        bytes memory operatorData
    ) private {
        uint256 balance = _balances[partition][from];
        _requireTransfer(true, forced, _partitionList, partition, from, to, value, balance);
        _move(partition, from, to, value, balance, data, operatorData);
    }

    /// A plain ERC-20 transfer: drawn from `from`'s default partitions.
    function _transferByDefault(address from, address to, uint256 value) private {
        _transferFromPartitions(_defaultPartitionsOf(from), false, from, to, value, "", "");
    }

    /// A transfer of `value` drawn from `from`'s balances in the partitions of `order`, first to last; each part
    /// keeps its partition on the receiving side. A zero `value` is checked and logged as Transfer only.
    function _transferFromPartitions(
        bytes32[] storage order,
        bool forced,
        address from,
        address to,
        uint256 value,
        bytes memory data,
        bytes memory operatorData
    ) private {
        uint256 n = order.length;
        uint256 available;
        for (uint256 i; i < n && available < value; ++i) available += _balances[order[i]][from];
        _requireTransfer(false, forced, order, bytes32(0), from, to, value, available);
        if (value == 0) {
            emit Transfer(from, to, 0);
            return;
        }
        uint256 remaining = value;
        for (uint256 i; remaining != 0; ++i) {
            bytes32 partition = order[i];
            uint256 balance = _balances[partition][from];
            if (balance == 0) continue;
            uint256 part = balance < remaining ? balance : remaining;
            remaining -= part;
            _move(partition, from, to, part, balance, data, operatorData);
        }
    }

    function _defaultPartitionsOf(address tokenHolder) private view returns (bytes32[] storage) {
        bytes32[] storage order = _defaultPartitions[tokenHolder];
        return order.length != 0 ? order : _partitionList;
    }

    /// Moves `value` of `partition` from `from` (who holds `balance` there) to `to`; checked by the caller. The
    /// operator of the logs is the caller.
    function _move(
        bytes32 partition,
        address from,
        address to,
        uint256 value,
        uint256 balance,
        bytes memory data,
        bytes memory operatorData
    ) private {
        unchecked {
            _balances[partition][from] = balance - value;
            _balances[partition][to] += value;
        }
        if (_state & RULES_ON != 0 && from != to) {
            // `to` held nothing here before when it now holds exactly `value`.
            if (_balances[partition][to] == value) _count(partition, to, true);
            if (balance == value) _count(partition, from, false);
        }
        emit TransferByPartition(partition, msg.sender, from, to, value, data, operatorData);
        emit Transfer(from, to, value);
    }

    /// Burns `value` of `partition` from `from` (pause and rights checked by the caller).
    function _burn(
        bytes32 partition,
        address operator,
        address from,
        uint256 value,
        bytes memory data,
        bytes memory operatorData
    ) private {
        if (value == 0) _fail("amount must be greater than zero");
        uint256 balance = _balances[partition][from];
        if (balance < value) {
            if (_partitions[partition].index == 0) _fail("unknown partition");
            _fail("insufficient balance");
        }
        unchecked {
            _balances[partition][from] = balance - value;
            _partitions[partition].totalSupply -= uint128(value);
        }
        if (_state & RULES_OR_COUNTING != 0) {
            _requireCounted();
            if (balance == value) _count(partition, from, false);
            else _requireMinimumLeft(partition, balance - value);
        }
        emit RedeemedByPartition(partition, operator, from, value, data, operatorData);
        emit Transfer(from, address(0), value);
    }
}
