// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";

interface ITokenWhitelist {
    function isVerified(address account) external view returns (bool);
    function firstUnverified(address[] calldata accounts) external view returns (uint256);
    function countryOf(address account) external view returns (bytes2);
    function verificationHash(address account) external view returns (bytes32);
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

/// ERC-7943 (uRWA), its ERC-20 form: the interface id the token answers in supportsInterface (0x3edbb4c4).
interface IERC7943Fungible {
    function forcedTransfer(address from, address to, uint256 amount) external returns (bool);
    function setFrozenTokens(address account, uint256 amount) external returns (bool);
    function canSend(address account) external view returns (bool);
    function canReceive(address account) external view returns (bool);
    function getFrozenTokens(address account) external view returns (uint256);
    function canTransfer(address from, address to, uint256 amount) external view returns (bool);
}

/// The registry of token implementations a token may upgrade to (the TokenFactory).
interface ITokenRegistry {
    function isRegistered(address implementation) external view returns (bool);
}

/// @title TokenV2Base
/// @notice What both halves of a version 2 token share: the storage (one ERC-7201 namespace per module: core
/// balances and partitions, administration, rules, documents), the events and the internal judgement of every
/// transfer. SecurityTokenV2 (the ERC-1967 implementation: balances move here) and SecurityTokenV2Admin (every
/// other function, reached through SecurityTokenV2's fallback) inherit it; each compiles only the internals it uses.
/// The code is version 1's (SecurityToken.sol) but for the storage, the whitelist held in slot 0 of the core
/// namespace (read with the flags, so a transfer pays no extra read for it) and the token's rule word in its own
/// slot of the rules namespace, and controller operations allowed while the token is paused.
abstract contract TokenV2Base is Initializable {
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


    /// @custom:storage-location erc7201:tranche.token.core
    struct CoreStorage {
        /// The word every balance-changing call reads: the whitelist (bits 0-159), the number of partitions
        /// (bits 160-175) and the token's flags (bits 176-183). Bits 184-255 are free for enforcement flags (for
        /// instance "an address or amount is frozen"), so a token without any pays one mask test for them.
        uint256 state;
        string name;
        string symbol;
        bytes32[] partitionList;
        mapping(bytes32 partition => PartitionInfo) partitions;
        mapping(bytes32 partition => mapping(address holder => uint256)) balances;
        mapping(address holder => mapping(address operator => bool)) operators;
        mapping(address holder => mapping(bytes32 partition => mapping(address operator => bool))) partitionOperators;
        mapping(address holder => mapping(address spender => uint256)) allowances;
        mapping(address holder => bytes32[]) defaultPartitions;
    }

    /// @custom:storage-location erc7201:tranche.token.admin
    struct AdminStorage {
        address owner;
        address pendingOwner;
        address controller;
        address securityScheme;
        /// The registry (the factory that deployed the token) whose implementations the token may upgrade to.
        address registry;
        /// Seconds between scheduling an upgrade and carrying it out (the owner sets it; 0 allowed).
        uint64 upgradeDelay;
        address scheduledImplementation;
        uint64 upgradeReadyAt;
    }

    /// @custom:storage-location erc7201:tranche.token.rules
    struct RulesStorage {
        /// The token's own rule as a rule word (see _ruleWord).
        uint256 tokenRule;
        mapping(bytes32 scope => Rule) rules;
        mapping(bytes32 scope => mapping(bytes2 country => bool)) countryListed;
        mapping(bytes32 scope => bytes2[]) countryList;
        /// While holders are counted: the last address counted (batches are strictly ascending across calls) and,
        /// per partition, the balances counted so far.
        address countCursor;
        mapping(bytes32 partition => uint256) counted;
    }

    /// @custom:storage-location erc7201:tranche.token.documents
    struct DocumentsStorage {
        bytes32[] names;
        mapping(bytes32 name => Document) documents;
    }

    /// @custom:storage-location erc7201:tranche.token.enforcement
    struct EnforcementStorage {
        /// Per address: ACCOUNT_FROZEN, ACCOUNT_RECOVERED and, once recovered, the new wallet (bits 8-167). Read
        /// by a transfer only when the address's bit of the state word's filter (FLAGGED) is set.
        mapping(address account => uint256) accounts;
    }

    // keccak256(abi.encode(uint256(keccak256(id)) - 1)) & ~bytes32(uint256(0xff)) for each id above.
    bytes32 internal constant CORE_STORAGE = 0xf0b278adff67865600ab80b30cc412fd52e98990c71b2f3edb2d93cccebcc700;
    bytes32 internal constant ADMIN_STORAGE = 0x39b170df6d3864ec23fe9308128cb09deaf0ffe65df85817a946d8ed179a2b00;
    bytes32 internal constant RULES_STORAGE = 0xc024be0297e602af8a82add51ab5feacca94ad15725d3c10b5e722cee0de1a00;
    bytes32 internal constant DOCUMENTS_STORAGE = 0x84857f273f625a4e306303d4b869a7d68c2e87e2857fbc59befd1df7575f7e00;
    bytes32 internal constant ENFORCEMENT_STORAGE = 0x3e510e22d1e1f9d140affa611927106757e4911eacf185b1a5c8a507ef7c4d00;

    /// @notice Upper bound on distinct partitions, which keeps the derived views bounded.
    uint256 public constant MAX_PARTITIONS = 256;
    /// keccak256("IssuedByPartition(bytes32,address,address,uint256,bytes,bytes)"), logged from assembly.
    bytes32 internal constant ISSUED_BY_PARTITION_TOPIC =
        0xf0ded82afbb1bb3ff3fc48cb2a26584aa84e4af0bf309c804ecdb94d0f6a98bb;
    /// keccak256("Transfer(address,address,uint256)"), logged from assembly.
    bytes32 internal constant TRANSFER_TOPIC = 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef;

    uint256 internal constant WHITELIST = (1 << 160) - 1;
    uint256 internal constant PARTITION_COUNT_SHIFT = 160;
    uint256 internal constant PAUSED = 1 << 176;
    uint256 internal constant MINTING_FROZEN = 1 << 177;
    uint256 internal constant CONTROLLABLE = 1 << 178;
    uint256 internal constant RULES_ON = 1 << 179;
    /// A rule has had a country list: receivers' countries are read.
    uint256 internal constant COUNTRY_RULES = 1 << 180;
    /// While rules are on: more than one partition. Until then the token's holder count is its one partition's.
    uint256 internal constant SEVERAL_PARTITIONS = 1 << 181;
    /// The same bit while rules are not on yet: holders are being counted (countHolders).
    uint256 internal constant COUNTING = SEVERAL_PARTITIONS;
    /// Set by initialize (tokens created on this implementation or a later one) and cleared for ever by the first
    /// setDefaultPartitions: while it is set no holder has default partitions of its own, so a plain transfer does
    /// not read its sender's list (a cold storage read). Tokens created before have it clear (also after an
    /// upgrade), and read the list.
    uint256 internal constant NO_DEFAULT_PARTITIONS = 1 << 182;
    uint256 internal constant RULES_OR_COUNTING = RULES_ON | COUNTING;
    uint256 internal constant HOLDERS = 0xffffffff << 32;
    /// A holder's word in `balances` (issue 36): the balance in bits 0-127 (a partition's supply, and so every
    /// balance, stays below 2^128) and the frozen part of it in bits 128-255 (never above the balance), so a
    /// transfer reads its sender's frozen amount with the balance, at no extra cost.
    uint256 internal constant BALANCE = 0xffffffffffffffffffffffffffffffff;
    uint256 internal constant FROZEN_SHIFT = 128;
    /// Bits 192-255 of the state word: a filter of the addresses frozen or recovered, bit 192 + (address mod 64).
    /// A transfer reads an address's enforcement word only when its bit is set (a token where nobody is frozen,
    /// or whose frozen holders are not party to the transfer, pays a shift and a mask test). Bits stay set.
    uint256 internal constant FLAGGED_SHIFT = 192;
    uint256 internal constant ACCOUNT_FROZEN = 1;
    uint256 internal constant ACCOUNT_RECOVERED = 2;
    /// Set by every address freeze or unfreeze, so that the word stays non-zero: freezing again writes a used slot.
    uint256 internal constant ACCOUNT_SEEN = 4;

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


    // =====================================================================
    // ERC-165
    // =====================================================================


    // =====================================================================
    // ERC-20
    // =====================================================================









    // =====================================================================
    // ERC-1410 partitions
    // =====================================================================








    // ---- Operators ----







    // =====================================================================
    // ERC-1594 issuance and redemption
    // =====================================================================







    // ---- Rights, for the user interface ----





    // =====================================================================
    // Pause
    // =====================================================================




    // =====================================================================
    // ERC-1644 controller
    // =====================================================================








    // =====================================================================
    // Compliance rules
    // =====================================================================








    // =====================================================================
    // ERC-1643 documents
    // =====================================================================





    // =====================================================================
    // Internals
    // =====================================================================

    // Administration (version 2)
    event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);
    event WhitelistReplaced(address indexed previousWhitelist, address indexed newWhitelist);
    event SecuritySchemeReplaced(address indexed previousScheme, address indexed newScheme);
    event UpgradeDelaySet(uint256 delay);
    event UpgradeScheduled(address indexed implementation, uint256 readyAt);

    // Enforcement (issue 36): ERC-3643's and ERC-7943's events, and the frozen amount per partition
    event AddressFrozen(address indexed _userAddress, bool indexed _isFrozen, address indexed _owner);
    event TokensFrozen(address indexed _userAddress, uint256 _amount);
    event TokensUnfrozen(address indexed _userAddress, uint256 _amount);
    event RecoverySuccess(address indexed _lostWallet, address indexed _newWallet, address indexed _investorOnchainID);
    event Frozen(address indexed account, uint256 amount);
    event ForcedTransfer(address indexed from, address indexed to, uint256 amount);
    /// The frozen amount of `account` in `partition` after every change (freeze, unfreeze, forced transfer or
    /// redemption, recovery).
    event FrozenByPartition(bytes32 indexed partition, address indexed account, uint256 frozen);

    function _core() internal pure returns (CoreStorage storage $) {
        assembly ("memory-safe") {
            $.slot := CORE_STORAGE
        }
    }

    function _admin() internal pure returns (AdminStorage storage $) {
        assembly ("memory-safe") {
            $.slot := ADMIN_STORAGE
        }
    }

    function _rulesStore() internal pure returns (RulesStorage storage $) {
        assembly ("memory-safe") {
            $.slot := RULES_STORAGE
        }
    }

    function _docs() internal pure returns (DocumentsStorage storage $) {
        assembly ("memory-safe") {
            $.slot := DOCUMENTS_STORAGE
        }
    }

    function _enforcement() internal pure returns (EnforcementStorage storage $) {
        assembly ("memory-safe") {
            $.slot := ENFORCEMENT_STORAGE
        }
    }

    /// The bit of `account` in the state word's filter of frozen and recovered addresses.
    function _flagBit(address account) internal pure returns (uint256) {
        return 1 << (FLAGGED_SHIFT + (uint160(account) & 63));
    }

    /// The enforcement word of `account` (ACCOUNT_FROZEN, ACCOUNT_RECOVERED), read only when its filter bit in
    /// `state` is set.
    function _accountFlags(uint256 state, address account) internal view returns (uint256) {
        if (state & _flagBit(account) == 0) return 0;
        return _enforcement().accounts[account];
    }

    /// Whether `account` may take part in a transfer as sender (`sends`; a forced one when `forced`) or receiver:
    /// a recovered wallet never, a frozen one only as the sender of a forced transfer.
    function _accountStatus(uint256 state, address account, bool sends, bool forced)
        internal
        view
        returns (bytes1, bytes32)
    {
        uint256 flags = _accountFlags(state, account);
        if (flags == 0) return (0x51, 0);
        if (flags & ACCOUNT_RECOVERED != 0) {
            return sends ? (bytes1(0x56), bytes32("sender wallet was recovered")) : (bytes1(0x57), bytes32("receiver wallet was recovered"));
        }
        if (flags & ACCOUNT_FROZEN != 0 && !(sends && forced)) {
            return sends ? (bytes1(0x56), bytes32("sender is frozen")) : (bytes1(0x57), bytes32("receiver is frozen"));
        }
        return (0x51, 0);
    }

    /// Whether `account` may freeze, unfreeze and recover: the owner, or the controller of a controllable token.
    function _isEnforcer(address account) internal view returns (bool) {
        return account == _admin().owner || (account == _admin().controller && _core().state & CONTROLLABLE != 0);
    }

    function _requireEnforcer() internal view {
        if (!_isEnforcer(msg.sender)) _fail("caller is not the owner or", " controller");
    }

    /// Sets `account`'s bit in the state word's filter, so transfers read its enforcement word.
    function _flag(address account) internal {
        uint256 bit = _flagBit(account);
        uint256 state = _core().state;
        if (state & bit == 0) _core().state = state | bit;
    }

    /// Whether `account`'s record in the whitelist exists but no longer verifies it (its KYC expired), asked only
    /// once the whitelist said it is not verified.
    function _expired(address whitelist_, address account) internal view returns (bool) {
        return ITokenWhitelist(whitelist_).verificationHash(account) != bytes32(0);
    }

    /// The receiver, then (unless `forced`) the sender, verified in the whitelist `list`. Version 2.1: a sender no
    /// longer verified (removed, or its KYC expired) cannot send; a forced transfer can. One call answers both.
    function _whitelistStatus(address list, address from, address to, bool forced)
        internal
        view
        returns (bytes1, bytes32)
    {
        uint256 unverified = _firstUnverified(list, to, from, !forced);
        if (unverified == 0) {
            return (0x57, _expired(list, to) ? bytes32("receiver verification expired") : bytes32("receiver is not verified"));
        }
        if (unverified == 1) {
            return (0x56, _expired(list, from) ? bytes32("sender verification expired") : bytes32("sender is not verified"));
        }
        return (0x51, 0);
    }

    /// Asks the whitelist `list` in one call whether `to` and, when `both`, `from` are verified: 0 when `to` is
    /// not, 1 when `from` is not, 2 when all asked are (`firstUnverified([to, from])`, or `isVerified(to)` alone:
    /// functions every whitelist has). A failing call reverts with the whitelist's reason, as a Solidity call does.
    function _firstUnverified(address list, address to, address from, bool both) internal view returns (uint256 index) {
        assembly ("memory-safe") {
            let p := mload(0x40)
            let size := 0x24
            mstore(p, shl(224, 0xb9209e33)) // isVerified(address)
            mstore(add(p, 0x04), to)
            if both {
                mstore(p, shl(224, 0x0102bd95)) // firstUnverified(address[])
                mstore(add(p, 0x04), 0x20)
                mstore(add(p, 0x24), 2)
                mstore(add(p, 0x44), to)
                mstore(add(p, 0x64), from)
                size := 0x84
            }
            if iszero(staticcall(gas(), list, p, size, 0x00, 0x20)) {
                returndatacopy(p, 0, returndatasize())
                revert(p, returndatasize())
            }
            if lt(returndatasize(), 0x20) { revert(0, 0) }
            index := mload(0x00)
            if iszero(both) {
                // isVerified's bool: verified (1) answers 2, not verified (0) answers 0.
                if gt(index, 1) { revert(0, 0) }
                index := shl(1, index)
            }
        }
    }

    /// The frozen amount of `account` in every partition.
    function _frozenTotal(address account) internal view returns (uint256 total) {
        uint256 n = _core().partitionList.length;
        for (uint256 i; i < n; ++i) total += _core().balances[_core().partitionList[i]][account] >> FROZEN_SHIFT;
    }

    /// Whether `account` may send (`sends`) or receive: not frozen nor recovered, and verified in the whitelist.
    function _canTransact(address account, bool sends) internal view returns (bool) {
        uint256 state = _core().state;
        (bytes1 code,) = _accountStatus(state, account, sends, false);
        return code == 0x51 && account != address(0) && ITokenWhitelist(address(uint160(state))).isVerified(account);
    }

    /// The token's whitelist, kept in the state word.
    function _whitelist() internal view returns (address) {
        return address(uint160(_core().state));
    }

    /// The number of partitions, kept in the state word.
    function _partitionCount(uint256 state) internal pure returns (uint256) {
        return (state >> PARTITION_COUNT_SHIFT) & 0xffff;
    }

    /// Counts `holders` (strictly ascending, above the cursor) into each partition's and the token's holder count
    /// and each partition's counted balance; `restart` first forgets what was counted. When every partition's
    /// counted balance is its supply, every holder is counted (balances cannot move while counting) and rules
    /// go on.
    function _countHolders(address[] calldata holders, bool restart) internal {
        uint256 n = _core().partitionList.length;
        uint256 state = _core().state;
        uint256 tokenRule = _rulesStore().tokenRule;
        if (restart) {
            state |= COUNTING;
            tokenRule &= ~HOLDERS;
            delete _rulesStore().countCursor;
            for (uint256 j; j < n; ++j) {
                bytes32 partition = _core().partitionList[j];
                delete _rulesStore().counted[partition];
                _rulesStore().rules[partition].holders = 0;
            }
        }
        // Three words per partition: the storage slot of its balances, the balance and the holders counted.
        uint256[] memory tally = new uint256[](3 * n);
        for (uint256 j; j < n; ++j) {
            mapping(address holder => uint256) storage balances = _core().balances[_core().partitionList[j]];
            assembly ("memory-safe") {
                mstore(add(tally, add(0x20, mul(j, 0x60))), balances.slot)
            }
        }
        address last = _rulesStore().countCursor;
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
                    let held := and(sload(keccak256(0x00, 0x40)), BALANCE)
                    if held {
                        mstore(add(w, 0x20), add(mload(add(w, 0x20)), held))
                        mstore(add(w, 0x40), add(mload(add(w, 0x40)), 1))
                        holds := 1
                    }
                }
                // The token's holder count (bits 32-63 of its word).
                tokenRule := add(tokenRule, shl(32, holds))
            }
        }
        if (bad != 0) _fail("holders are not in ascending", " order");
        _rulesStore().countCursor = last;
        bool complete = true;
        for (uint256 j; j < n; ++j) {
            bytes32 partition = _core().partitionList[j];
            uint256 sum = _rulesStore().counted[partition] + tally[3 * j + 1];
            _rulesStore().counted[partition] = sum;
            _rulesStore().rules[partition].holders += uint32(tally[3 * j + 2]);
            if (sum != _core().partitions[partition].totalSupply) complete = false;
        }
        if (complete) state = (state & ~COUNTING) | RULES_ON | (n > 1 ? SEVERAL_PARTITIONS : 0);
        _core().state = state;
        _rulesStore().tokenRule = tokenRule;
    }

    function _requireIssuer() internal view {
        if (!ITokenScheme(_admin().securityScheme).hasLevel2(msg.sender)) _fail("caller is not allowed to issue", " tokens");
        if (_core().state & MINTING_FROZEN != 0) _fail("token minting is frozen");
        if (_core().state & PAUSED != 0) _fail("token trading is paused");
    }

    function _requireRedeemer() internal view {
        if (!ITokenScheme(_admin().securityScheme).hasLevel2(msg.sender)) _fail("caller is not allowed to redeem", " tokens");
        if (_core().state & PAUSED != 0) _fail("token trading is paused");
    }

    /// Reverts unless the caller is the controller of a controllable token; returns the state word it read.
    function _requireController() internal view returns (uint256 state) {
        state = _core().state;
        if (state & CONTROLLABLE == 0) _fail("token is not controllable");
        // Version 2: controller operations work while the token is paused (a court order does not wait).
        if (msg.sender != _admin().controller) _fail("caller is not the token", " controller");
    }

    function _checkOperatorAddress(address operator) internal view {
        if (operator == address(0)) _fail("operator is the zero address");
        if (operator == msg.sender) _fail("token holder cannot be its own", " operator");
    }

    function _isOperatorFor(bytes32 partition, address operator, address tokenHolder) internal view returns (bool) {
        return _core().operators[tokenHolder][operator] || _core().partitionOperators[tokenHolder][partition][operator];
    }

    /// Credits `values[i]` of `partition` to `holders[i]` and logs IssuedByPartition and Transfer for each; returns
    /// the sum. The hot loop of batch issuance: one storage slot and two logs per holder. A zero holder, a zero value or a
    /// value of 2^128 or more makes it revert with the reason _checkIssueInput finds.
    function _issueEach(
        bytes32 partition,
        address[] calldata holders,
        uint256[] calldata values,
        bytes memory eventData
    ) internal returns (uint256 total) {
        uint256 bad;
        mapping(bytes32 partition => mapping(address holder => uint256)) storage balances = _core().balances;
        uint256 balancesSlot;
        assembly ("memory-safe") {
            balancesSlot := balances.slot
        }
        assembly ("memory-safe") {
            mstore(0x00, partition)
            mstore(0x20, balancesSlot)
            // Scratch word 0x20 keeps the base slot of _core().balances[partition] for the whole loop.
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
    function _checkIssueInput(address[] calldata holders, uint256[] calldata values) internal pure {
        for (uint256 i; i < holders.length; ++i) {
            if (holders[i] == address(0)) _fail("token holder is the zero address");
            if (values[i] == 0) _fail("amount must be greater than zero");
            if (values[i] > type(uint128).max) _fail("total supply would overflow");
        }
        _fail("invalid issuance input");
    }

    function _addSupply(bytes32 partition, uint256 value) internal {
        if (partition == bytes32(0)) _fail("partition is required");
        PartitionInfo memory info = _core().partitions[partition];
        if (info.index == 0) {
            uint256 count = _core().partitionList.length;
            if (count >= MAX_PARTITIONS) _fail("too many partitions");
            _core().partitionList.push(partition);
            info.index = uint64(count + 1);
            // The state word counts the partitions (a plain transfer reads the count from it).
            uint256 state = _core().state + (1 << PARTITION_COUNT_SHIFT);
            if (count == 1 && state & RULES_ON != 0) {
                // The token's holder count, kept in its first partition's word while that was the only one.
                RulesStorage storage r = _rulesStore();
                r.tokenRule = (r.tokenRule & ~HOLDERS) | (_ruleWord(_core().partitionList[0], 0) & HOLDERS);
                state |= SEVERAL_PARTITIONS;
            }
            _core().state = state;
            emit PartitionCreated(partition);
        }
        uint256 supply = uint256(info.totalSupply) + value;
        if (supply > type(uint128).max) _fail("total supply would overflow");
        info.totalSupply = uint128(supply);
        _core().partitions[partition] = info;
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
        uint256 balance,
        uint256 free
    ) internal view returns (bytes1 code, bytes32 reason) {
        uint256 state = _core().state;
        // Enforcement is judged first, from the state word read once: pause, then frozen and recovered addresses
        // (read only when an address's filter bit is set).
        if (state & PAUSED != 0 && !forced) return (0x54, "token trading is paused");
        if (from == address(0)) return (0x56, "sender is the zero address");
        if (to == address(0)) return (0x57, "receiver is the zero address");
        if (state >> FLAGGED_SHIFT != 0) {
            (code, reason) = _accountStatus(state, from, true, forced);
            if (code != 0x51) return (code, reason);
            (code, reason) = _accountStatus(state, to, false, forced);
            if (code != 0x51) return (code, reason);
        }
        if (byPartition && value == 0) return (0x50, "amount must be greater than zero");
        if (balance < value) {
            // A partition that was never issued into holds nothing, so only a shortfall needs this read.
            if (byPartition && _core().partitions[partition].index == 0) return (0x50, "unknown partition");
            return (0x52, "insufficient balance");
        }
        // Frozen tokens stay (a forced transfer may move them, see _move).
        if (!forced && free < value) return (0x55, "amount exceeds unfrozen balance");
        // The revert text is the reason's, but for these (_requireTransfer).
        // The whitelist is the low 160 bits of the state word already read.
        (code, reason) = _whitelistStatus(address(uint160(state)), from, to, forced);
        if (code != 0x51) return (code, reason);
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
    ) internal view returns (bytes1 code, bytes32 reason) {
        if (state & RULES_ON == 0) return (0x54, "holders are being counted");
        if (from == to || value == 0) return (0x51, 0);
        // The receiver's country, read once and only while a rule has a country list.
        bytes2 country = state & COUNTRY_RULES != 0 ? ITokenWhitelist(address(uint160(state))).countryOf(to) : bytes2(0);
        if (byPartition) {
            return _partStatus(partition, !forced, from, _core().balances[partition][from] & BALANCE, to, value, country);
        }
        // A forced transfer draws from the partition list, whose length the state word counts; a transfer that is
        // not forced finds `value` in its first pass, so its walk needs no bound (and reads no length).
        return _walkRules(order, forced ? _partitionCount(state) : type(uint256).max, from, to, value, country);
    }

    /// The rules of the parts _draw takes: the unfrozen tokens of each partition of `order`, then (forced only)
    /// the frozen ones. The caller found `remaining` within `order`, so the walk ends inside it; `n` bounds it for a
    /// forced transfer (its first `n` entries), and is type(uint256).max for a transfer that is not forced (which
    /// lock-ups stop).
    function _walkRules(bytes32[] storage order, uint256 n, address from, address to, uint256 remaining, bytes2 country)
        internal
        view
        returns (bytes1 code, bytes32 reason)
    {
        bool lockup = n == type(uint256).max;
        for (uint256 pass; remaining != 0; ++pass) {
            for (uint256 i; i < n && remaining != 0; ++i) {
                bytes32 p = _at(order, i);
                (uint256 held, uint256 part) = _walkPart(_core().balances[p][from], pass == 0, remaining);
                if (part == 0) continue;
                unchecked {
                    remaining -= part;
                }
                (code, reason) = _partStatus(p, lockup, from, held, to, part, country);
                if (code != 0x51) return (code, reason);
            }
        }
        return (0x51, 0);
    }

    /// A holder's `word` in a partition as the first pass of a walk finds it (the whole balance, of which the
    /// unfrozen part is taken) or the second (forced only: the frozen tokens, all taken), and the part taken,
    /// at most `remaining`.
    function _walkPart(uint256 word, bool first, uint256 remaining) internal pure returns (uint256 held, uint256 part) {
        held = first ? word & BALANCE : word >> FROZEN_SHIFT;
        part = first ? held - (word >> FROZEN_SHIFT) : held;
        if (part > remaining) part = remaining;
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
    ) internal view returns (bytes1 code, bytes32 reason) {
        uint256 toHeld = _core().balances[partition][to] & BALANCE;
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
    ) internal view returns (bytes1, bytes32) {
        bool token = scope == bytes32(0);
        if (lockup && uint40(word >> 64) > block.timestamp) {
            return (0x55, token ? bytes32("token is locked up") : bytes32("partition is locked up"));
        }
        uint256 mode = uint8(word >> 104);
        if (mode != 0 && _rulesStore().countryListed[scope][country] != (mode == 1)) {
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
    function _ruleWord(bytes32 scope, bytes32 partition) internal view returns (uint256 word) {
        uint256 slot = _wordSlot(scope);
        assembly ("memory-safe") {
            word := sload(slot)
        }
        if (scope == bytes32(0) && partition != bytes32(0)) word = _tokenWord(_ruleWord(partition, 0));
    }

    /// The token's rule word (slot 0 without its flags); while the token has one partition, whose rule word is
    /// `partWord`, with that partition's holder count.
    function _tokenWord(uint256 partWord) internal view returns (uint256 word) {
        word = _rulesStore().tokenRule;
        if (_core().state & SEVERAL_PARTITIONS == 0) word = (word & ~HOLDERS) | (partWord & HOLDERS);
    }

    /// The storage slot of the rule word of `scope`: slot 0 for the token's.
    function _wordSlot(bytes32 scope) internal view returns (uint256 slot) {
        if (scope == bytes32(0)) {
            slot = uint256(RULES_STORAGE);
        } else {
            Rule storage rule = _rulesStore().rules[scope];
            assembly ("memory-safe") {
                slot := rule.slot
            }
        }
    }

    /// Whether a move in `partition` to `to`, who holds none of it, adds a holder to the token (`token`) or to the
    /// partition: `to` is new to the scope and the sender does not leave it (`leavesPartition` and, for the token,
    /// holds nothing else).
    function _addsHolder(bool token, bytes32 partition, address from, address to, bool leavesPartition)
        internal
        view
        returns (bool)
    {
        if (!token) return !leavesPartition;
        return _holdsOnly(to, partition) && !(leavesPartition && _holdsOnly(from, partition));
    }

    /// Whether `holder` holds nothing outside `partition`.
    function _holdsOnly(address holder, bytes32 partition) internal view returns (bool) {
        // While rules are on, `partition` exists (the batch issuer creates it first), so with one partition in
        // all nothing else can be held.
        if (_core().state & SEVERAL_PARTITIONS == 0) return true;
        uint256 n = _core().partitionList.length;
        for (uint256 i; i < n; ++i) {
            bytes32 p = _core().partitionList[i];
            if (p != partition && _core().balances[p][holder] != 0) return false;
        }
        return true;
    }

    /// Counts `holder` in (`arrives`) or out of the holders of `partition` and, when it holds nothing else, of
    /// the token. Called only while rules are on, after the balance changed.
    function _count(bytes32 partition, address holder, bool arrives) internal {
        // With one partition the token's count is the partition's (_ruleWord): only that one is written.
        bool token = _core().state & SEVERAL_PARTITIONS != 0 && _holdsOnly(holder, partition);
        Rule storage part = _rulesStore().rules[partition];
        // `holders` is bits 32-63 of a rule's word. A count cannot wrap: it rises by one per address that comes
        // to hold the scope and falls only for an address counted before (at most 2^32 - 1 addresses would hold).
        assembly ("memory-safe") {
            let step := shl(32, 1)
            if iszero(arrives) { step := sub(0, step) }
            sstore(part.slot, add(sload(part.slot), step))
            if token { sstore(RULES_STORAGE, add(sload(RULES_STORAGE), step)) }
        }
    }

    /// A redemption that leaves `left` (not zero) of `partition` must leave the token's and the partition's
    /// minimum holding, as a transfer must leave its sender (only all of it may go).
    function _requireMinimumLeft(bytes32 partition, uint256 left) internal view {
        if (left < uint72(_ruleWord(0, 0) >> 112)) _fail("holding below token minimum");
        if (left < uint72(_ruleWord(partition, 0) >> 112)) _fail("holding below partition minimum");
    }

    /// Reverts while holders are being counted (balances must not move until the count completes).
    function _requireCounted() internal view {
        if (_core().state & RULES_ON == 0) _fail("holders are being counted");
    }

    /// Reverts with the Error(string) of a short reason (a zero-padded bytes32 string).
    function _fail(bytes32 reason) internal pure {
        _fail(reason, 0);
    }

    /// Reverts with the Error(string) of `head` followed by `tail` (each a zero-padded bytes32 string): every
    /// refusal shares this encoding, so its call site costs two pushes.
    function _fail(bytes32 head, bytes32 tail) internal pure {
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
    function _credit(bytes32 partition, address to, uint256 value, bytes calldata data) internal {
        // `held` is the holder's word (frozen part included); it is zero exactly when the balance is.
        uint256 held = _core().balances[partition][to];
        bool rulesOn = _core().state & RULES_OR_COUNTING != 0;
        if (rulesOn) {
            _requireCounted();
            bytes2 country = _core().state & COUNTRY_RULES != 0 ? ITokenWhitelist(_whitelist()).countryOf(to) : bytes2(0);
            (bytes1 code, bytes32 reason) =
                _partStatus(partition, false, address(0), type(uint256).max, to, value, country);
            if (code != 0x51) _fail(reason);
        }
        unchecked {
            // Bounded by the partition supply, which _addSupply keeps within uint128.
            _core().balances[partition][to] = held + value;
        }
        if (rulesOn && held == 0) _count(partition, to, true);
        emit IssuedByPartition(partition, msg.sender, to, value, data, "");
        emit Transfer(address(0), to, value);
    }

    function _canTransferByPartition(address from, address to, bytes32 partition, uint256 value)
        internal
        view
        returns (bytes1 code, bytes32 reason, bytes32 destination)
    {
        uint256 word = _core().balances[partition][from];
        (code, reason) = _transferStatus(
            true, false, _core().partitionList, partition, from, to, value, word & BALANCE, (word & BALANCE) - (word >> FROZEN_SHIFT)
        );
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
        uint256 balance,
        uint256 free
    ) internal view {
        (bytes1 code, bytes32 reason) =
            _transferStatus(byPartition, forced, order, partition, from, to, value, balance, free);
        if (code != 0x51) {
            if (reason == "receiver is not verified") _fail("receiver is not verified in", " the whitelist");
            if (reason == "sender is not verified") _fail("sender is not verified in the", " whitelist");
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
    ) internal {
        uint256 word = _core().balances[partition][from];
        uint256 balance = word & BALANCE;
        _requireTransfer(
            true, forced, _core().partitionList, partition, from, to, value, balance, balance - (word >> FROZEN_SHIFT)
        );
        _move(partition, from, to, value, word, data, operatorData);
    }

    /// A plain ERC-20 transfer: drawn from `from`'s default partitions.
    function _transferByDefault(address from, address to, uint256 value) internal {
        uint256 state = _core().state;
        if (state & NO_DEFAULT_PARTITIONS == 0) {
            bytes32[] storage own = _core().defaultPartitions[from];
            uint256 n = own.length;
            if (n != 0) return _transferFromPartitions(own, n, false, from, to, value, "", "");
        }
        _transferFromPartitions(_core().partitionList, _partitionCount(state), false, from, to, value, "", "");
    }

    /// Entry `i` of `order`, which the caller knows to be within its length (so the length is not read).
    function _at(bytes32[] storage order, uint256 i) internal view returns (bytes32 p) {
        assembly ("memory-safe") {
            mstore(0x00, order.slot)
            p := sload(add(keccak256(0x00, 0x20), i))
        }
    }

    /// A transfer of `value` drawn from `from`'s balances in the partitions of `order`, first to last; each part
    /// keeps its partition on the receiving side. A zero `value` is checked and logged as Transfer only.
    function _transferFromPartitions(
        bytes32[] storage order,
        uint256 n,
        bool forced,
        address from,
        address to,
        uint256 value,
        bytes memory data,
        bytes memory operatorData
    ) internal {
        (uint256 available, uint256 free, uint256 first) = _available(order, n, from, value);
        _requireTransfer(false, forced, order, bytes32(0), from, to, value, available, free);
        if (value == 0) {
            emit Transfer(from, to, 0);
            return;
        }
        // The unfrozen tokens of the first partition (whose word is `first`) cover `value` (the usual case): _draw
        // would move them alone.
        if ((first & BALANCE) - (first >> FROZEN_SHIFT) >= value) {
            return _move(_at(order, 0), from, to, value, first, data, operatorData);
        }
        _draw(order, n, from, to, value, data, operatorData);
    }

    /// Moves `value` (found within `order` by the caller) from `from` to `to`: first the unfrozen tokens of each
    /// partition in turn; a forced transfer then takes frozen ones, which leave the frozen amount (_move): frozen
    /// tokens move only when the unfrozen ones do not suffice.
    function _draw(
        bytes32[] storage order,
        uint256 n,
        address from,
        address to,
        uint256 remaining,
        bytes memory data,
        bytes memory operatorData
    ) internal {
        for (uint256 pass; remaining != 0; ++pass) {
            for (uint256 i; i < n && remaining != 0; ++i) {
                bytes32 partition = _at(order, i);
                uint256 word = _core().balances[partition][from];
                uint256 part = (word & BALANCE) - (pass == 0 ? word >> FROZEN_SHIFT : 0);
                if (part == 0) continue;
                if (part > remaining) part = remaining;
                remaining -= part;
                _move(partition, from, to, part, word, data, operatorData);
            }
        }
    }

    /// What `from` holds in the first `n` partitions of `order` (balance, and its unfrozen part), read until the
    /// unfrozen part covers `value`.
    /// `first` is `from`'s word in the first partition (zero when `n` is).
    function _available(bytes32[] storage order, uint256 n, address from, uint256 value)
        internal
        view
        returns (uint256 available, uint256 free, uint256 first)
    {
        for (uint256 i; i < n && free < value; ++i) {
            uint256 word = _core().balances[_at(order, i)][from];
            available += word & BALANCE;
            free += (word & BALANCE) - (word >> FROZEN_SHIFT);
            if (i == 0) first = word;
        }
    }

    function _defaultPartitionsOf(address tokenHolder) internal view returns (bytes32[] storage) {
        bytes32[] storage order = _core().defaultPartitions[tokenHolder];
        return order.length != 0 ? order : _core().partitionList;
    }

    /// Moves `value` of `partition` from `from` (whose word there is `word`: balance and frozen part) to `to`;
    /// checked by the caller. Frozen tokens leave only by a forced transfer (the caller's check): the frozen
    /// amount then falls to what is left (TokensUnfrozen). The operator of the logs is the caller.
    function _move(
        bytes32 partition,
        address from,
        address to,
        uint256 value,
        uint256 word,
        bytes memory data,
        bytes memory operatorData
    ) internal {
        mapping(bytes32 partition => mapping(address holder => uint256)) storage balances = _core().balances;
        uint256 left;
        uint256 received;
        unchecked {
            left = (word & BALANCE) - value;
            // balances[partition][from] = word - value, then balances[partition][to] += value (the same word when
            // `from` is `to`): the partition's base slot hashed once. Neither overflows: a partition's supply, and so
            // every balance, stays below 2^128 (the frozen part above is untouched).
            assembly ("memory-safe") {
                mstore(0x00, partition)
                mstore(0x20, balances.slot)
                mstore(0x20, keccak256(0x00, 0x40))
                mstore(0x00, from)
                sstore(keccak256(0x00, 0x40), sub(word, value))
                mstore(0x00, to)
                let slot := keccak256(0x00, 0x40)
                received := add(sload(slot), value)
                sstore(slot, received)
            }
            if (word >> FROZEN_SHIFT > left && from != to) _release(partition, from, left, word >> FROZEN_SHIFT);
        }
        if (_core().state & RULES_ON != 0 && from != to) {
            // `to` held nothing here before when it now holds exactly `value`.
            if (received & BALANCE == value) _count(partition, to, true);
            if (left == 0) _count(partition, from, false);
        }
        emit TransferByPartition(partition, msg.sender, from, to, value, data, operatorData);
        emit Transfer(from, to, value);
    }

    /// Lowers `account`'s frozen amount in `partition`, `frozen`, to `left`, what a forced transfer or redemption
    /// left of its balance there (its word already holds the new balance).
    function _release(bytes32 partition, address account, uint256 left, uint256 frozen) internal {
        _core().balances[partition][account] = left | (left << FROZEN_SHIFT);
        emit FrozenByPartition(partition, account, left);
        emit TokensUnfrozen(account, frozen - left);
    }

    /// Burns `value` of `partition` from `from` (pause and rights checked by the caller). Unless `forced` (a
    /// controller redemption) only unfrozen tokens of an address that is neither frozen nor recovered burn.
    function _burn(
        bytes32 partition,
        bool forced,
        address operator,
        address from,
        uint256 value,
        bytes memory data,
        bytes memory operatorData
    ) internal {
        if (value == 0) _fail("amount must be greater than zero");
        uint256 word = _core().balances[partition][from];
        uint256 balance = word & BALANCE;
        if (balance < value) {
            if (_core().partitions[partition].index == 0) _fail("unknown partition");
            _fail("insufficient balance");
        }
        if (!forced) {
            (bytes1 code, bytes32 reason) = _accountStatus(_core().state, from, true, false);
            if (code != 0x51) _fail(reason);
            if (balance - (word >> FROZEN_SHIFT) < value) _fail("amount exceeds unfrozen balance");
        }
        unchecked {
            _core().balances[partition][from] = word - value;
            if (word >> FROZEN_SHIFT > balance - value) _release(partition, from, balance - value, word >> FROZEN_SHIFT);
            _core().partitions[partition].totalSupply -= uint128(value);
        }
        if (_core().state & RULES_OR_COUNTING != 0) {
            _requireCounted();
            if (balance == value) _count(partition, from, false);
            else _requireMinimumLeft(partition, balance - value);
        }
        emit RedeemedByPartition(partition, operator, from, value, data, operatorData);
        emit Transfer(from, address(0), value);
    }
}
