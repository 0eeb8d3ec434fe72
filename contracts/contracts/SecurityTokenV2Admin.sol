// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC1967Utils} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Utils.sol";
import {
    IERC165, IERC20, IERC1643, IERC1644, IERC7943Fungible, ITokenRegistry, ITokenScheme, TokenV2Base
} from "./TokenV2Base.sol";

interface IProxiable {
    function proxiableUUID() external view returns (bytes32);
}

/// @title SecurityTokenV2Admin
/// @notice The second half of a version 2 token (see SecurityTokenV2): initialization, ownership (two steps),
/// whitelist and security scheme replacement, upgrades to a registered implementation after the owner's delay,
/// rules, documents, operators, default partitions, pause, minting freeze and the views. Never called directly:
/// SecurityTokenV2's fallback delegates to it, so it runs on the token's storage with the caller's msg.sender.
contract SecurityTokenV2Admin is TokenV2Base {
    uint8 public constant decimals = 0;

    constructor() {
        _disableInitializers();
    }

    /// @notice Sets up a token behind its proxy (the factory passes it as the proxy's constructor call):
    /// version 1's constructor, plus the registry of implementations it may upgrade to.
    function initialize(
        string calldata name_,
        string calldata symbol_,
        address owner_,
        address controller_,
        address whitelist_,
        address securityScheme_,
        address registry_
    ) external initializer {
        if (bytes(name_).length == 0) _fail("token name is required");
        if (bytes(symbol_).length == 0) _fail("token symbol is required");
        if (owner_ == address(0)) _fail("owner is the zero address");
        if (whitelist_.code.length == 0) _fail("whitelist is not a contract");
        if (securityScheme_.code.length == 0) _fail("security scheme is not a", " contract");
        CoreStorage storage c = _core();
        c.name = name_;
        c.symbol = symbol_;
        AdminStorage storage a = _admin();
        a.owner = owner_;
        a.controller = controller_;
        a.securityScheme = securityScheme_;
        a.registry = registry_;
        c.state = uint256(uint160(whitelist_)) | (controller_ != address(0) ? CONTROLLABLE : 0) | NO_DEFAULT_PARTITIONS;
    }

    function name() external view returns (string memory) {
        return _core().name;
    }

    function symbol() external view returns (string memory) {
        return _core().symbol;
    }

    function owner() external view returns (address) {
        return _admin().owner;
    }

    function whitelist() external view returns (address) {
        return _whitelist();
    }

    function securityScheme() external view returns (address) {
        return _admin().securityScheme;
    }

    // =====================================================================
    // Ownership (two steps) and rotation
    // =====================================================================

    /// @notice The owner proposed by transferOwnership, who has not accepted yet (zero when none).
    function pendingOwner() external view returns (address) {
        return _admin().pendingOwner;
    }

    /// @notice Proposes `newOwner` (the zero address cancels a proposal); ownership moves when it accepts.
    function transferOwnership(address newOwner) external {
        _requireOwner();
        _admin().pendingOwner = newOwner;
        emit OwnershipTransferStarted(msg.sender, newOwner);
    }

    /// @notice The proposed owner takes the token over.
    function acceptOwnership() external {
        AdminStorage storage a = _admin();
        if (msg.sender != a.pendingOwner || msg.sender == address(0)) _fail("caller is not the pending owner");
        address previous = a.owner;
        a.owner = msg.sender;
        delete a.pendingOwner;
        emit OwnershipTransferred(previous, msg.sender);
    }

    /// @notice Replaces the token's whitelist (receivers are judged against the new one from the next transfer).
    function setWhitelist(address newWhitelist) external {
        _requireOwner();
        if (newWhitelist.code.length == 0) _fail("whitelist is not a contract");
        CoreStorage storage c = _core();
        address previous = address(uint160(c.state));
        c.state = (c.state & ~WHITELIST) | uint256(uint160(newWhitelist));
        emit WhitelistReplaced(previous, newWhitelist);
    }

    /// @notice Replaces the token's security scheme (rights are asked of the new one from the next call).
    function setSecurityScheme(address newScheme) external {
        _requireOwner();
        if (newScheme.code.length == 0) _fail("security scheme is not a", " contract");
        AdminStorage storage a = _admin();
        address previous = a.securityScheme;
        a.securityScheme = newScheme;
        emit SecuritySchemeReplaced(previous, newScheme);
    }

    // =====================================================================
    // Upgrades: the owner moves its token to a newer registered implementation, after its delay
    // =====================================================================

    /// @notice The implementation this token runs (ERC-1967 slot).
    function implementation() external view returns (address) {
        return ERC1967Utils.getImplementation();
    }

    function registry() external view returns (address) {
        return _admin().registry;
    }

    function upgradeDelay() external view returns (uint256) {
        return _admin().upgradeDelay;
    }

    /// @notice The scheduled upgrade: (implementation, earliest time), zeros when none.
    function scheduledUpgrade() external view returns (address, uint256) {
        return (_admin().scheduledImplementation, _admin().upgradeReadyAt);
    }

    /// @notice Sets the seconds between scheduling an upgrade and carrying it out (0 allowed, at most ten years);
    /// applies to upgrades scheduled from now on.
    function setUpgradeDelay(uint64 delay) external {
        _requireOwner();
        // At most ten years, so that now + delay always fits the stored time (no wrap to an earlier one).
        if (delay > 3650 days) _fail("upgrade delay is too long");
        _admin().upgradeDelay = delay;
        emit UpgradeDelaySet(delay);
    }

    /// @notice Schedules the upgrade to `newImplementation` (registered in the token's registry), possible from
    /// now + upgradeDelay(); replaces any upgrade scheduled before.
    function scheduleUpgrade(address newImplementation) external {
        _requireOwner();
        _requireRegistered(newImplementation);
        AdminStorage storage a = _admin();
        uint256 readyAt = block.timestamp + a.upgradeDelay;
        a.scheduledImplementation = newImplementation;
        a.upgradeReadyAt = uint64(readyAt);
        emit UpgradeScheduled(newImplementation, readyAt);
    }

    /// @notice Carries out the scheduled upgrade once its time has come, then calls `data` on the new
    /// implementation (empty: none). Logs ERC-1967's Upgraded(implementation).
    function upgradeToAndCall(address newImplementation, bytes calldata data) external {
        _requireOwner();
        AdminStorage storage a = _admin();
        if (newImplementation == address(0) || newImplementation != a.scheduledImplementation) {
            _fail("upgrade is not scheduled");
        }
        if (block.timestamp < a.upgradeReadyAt) _fail("upgrade delay has not passed");
        _requireRegistered(newImplementation);
        if (IProxiable(newImplementation).proxiableUUID() != ERC1967Utils.IMPLEMENTATION_SLOT) {
            _fail("implementation is not", " upgradeable");
        }
        delete a.scheduledImplementation;
        delete a.upgradeReadyAt;
        ERC1967Utils.upgradeToAndCall(newImplementation, data);
    }

    function _requireOwner() internal view {
        if (msg.sender != _admin().owner) _fail("caller is not the token owner");
    }

    function _requireRegistered(address newImplementation) internal view {
        if (!ITokenRegistry(_admin().registry).isRegistered(newImplementation)) {
            _fail("implementation is not registered");
        }
    }

    /// @notice ERC-165, ERC-20, ERC-1643 (documents), ERC-1644 (controller) and ERC-7943 (uRWA, its ERC-20 form).
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC165).interfaceId || interfaceId == type(IERC20).interfaceId
            || interfaceId == type(IERC1643).interfaceId || interfaceId == type(IERC1644).interfaceId
            || interfaceId == type(IERC7943Fungible).interfaceId;
    }

    // =====================================================================
    // Enforcement (issue 36): address freeze, partial freeze per partition, wallet recovery, ERC-3643 reads
    // =====================================================================

    /// @notice ERC-3643: the version of this token's code.
    function version() external pure returns (string memory) {
        return "2.1.0";
    }

    /// @notice ERC-3643's identity registry: this token's whitelist, whose isVerified(address) answers whether an
    /// address is verified now (a record that has expired does not verify).
    function identityRegistry() external view returns (address) {
        return _whitelist();
    }

    /// @notice ERC-3643's compliance: the token itself, whose canTransfer(from, to, amount) judges a transfer.
    function compliance() external view returns (address) {
        return address(this);
    }

    /// @notice ERC-3643: whether trading is paused (isPaused()).
    function paused() external view returns (bool) {
        return _core().state & PAUSED != 0;
    }

    /// @notice ERC-3643: whether `account` is frozen (it can neither send nor receive).
    function isFrozen(address account) external view returns (bool) {
        return _enforcement().accounts[account] & ACCOUNT_FROZEN != 0;
    }

    /// @notice The wallet `lostWallet` was recovered to (zero when it was not).
    function recoveredTo(address lostWallet) external view returns (address) {
        return address(uint160(_enforcement().accounts[lostWallet] >> 8));
    }

    /// @notice Whether `account` may freeze, unfreeze and recover (the owner, or the controller of a
    /// controllable token).
    function canEnforce(address account) external view returns (bool) {
        return _isEnforcer(account);
    }

    /// @notice ERC-3643: freezes (`freeze`) or unfreezes `account`: a frozen address can neither send nor receive;
    /// a forced transfer may still take its tokens. Logs AddressFrozen(account, freeze, caller).
    function setAddressFrozen(address account, bool freeze) external {
        _requireEnforcer();
        if (account == address(0)) _fail("account is the zero address");
        uint256 flags = _enforcement().accounts[account];
        _enforcement().accounts[account] = (freeze ? flags | ACCOUNT_FROZEN : flags & ~ACCOUNT_FROZEN) | ACCOUNT_SEEN;
        if (freeze) _flag(account);
        emit AddressFrozen(account, freeze, msg.sender);
    }

    /// @notice Freezes `amount` more of `account`'s unfrozen tokens in `partition`. Logs FrozenByPartition and
    /// TokensFrozen.
    function freezePartialTokensByPartition(bytes32 partition, address account, uint256 amount) external {
        _requireEnforcer();
        _changeFrozen(partition, account, amount, true);
        emit TokensFrozen(account, amount);
    }

    /// @notice Unfreezes `amount` of `account`'s frozen tokens in `partition`. Logs FrozenByPartition and
    /// TokensUnfrozen.
    function unfreezePartialTokensByPartition(bytes32 partition, address account, uint256 amount) external {
        _requireEnforcer();
        _changeFrozen(partition, account, amount, false);
        emit TokensUnfrozen(account, amount);
    }

    /// @notice ERC-3643: freezes `amount` more of `account`'s unfrozen tokens, taken from its partitions in
    /// creation order.
    function freezePartialTokens(address account, uint256 amount) external {
        _requireEnforcer();
        if (amount == 0) _fail("amount must be greater than zero");
        if (_spread(account, amount, true) != amount) _fail("amount exceeds unfrozen balance");
        emit TokensFrozen(account, amount);
    }

    /// @notice ERC-3643: unfreezes `amount` of `account`'s frozen tokens, from its partitions in creation order.
    function unfreezePartialTokens(address account, uint256 amount) external {
        _requireEnforcer();
        if (amount == 0) _fail("amount must be greater than zero");
        if (_spread(account, amount, false) != amount) _fail("amount exceeds frozen tokens");
        emit TokensUnfrozen(account, amount);
    }

    /// @notice ERC-7943: sets `account`'s frozen amount to `amount`, capped at its balance (as OpenZeppelin's
    /// ERC20uRWA does): more is frozen from its partitions in creation order, less is unfrozen likewise. Logs
    /// Frozen(account, the frozen amount now).
    function setFrozenTokens(address account, uint256 amount) external returns (bool) {
        _requireEnforcer();
        uint256 current = _frozenTotal(account);
        if (amount > current) current += _spread(account, amount - current, true);
        else if (amount < current) current -= _spread(account, current - amount, false);
        emit Frozen(account, current);
        return true;
    }

    /// Freezes (`freeze`) or unfreezes `amount` of `account`'s tokens in `partition`.
    function _changeFrozen(bytes32 partition, address account, uint256 amount, bool freeze) internal {
        if (amount == 0) _fail("amount must be greater than zero");
        uint256 word = _core().balances[partition][account];
        uint256 balance = word & BALANCE;
        uint256 frozen = word >> FROZEN_SHIFT;
        if (freeze) {
            if (balance - frozen < amount) _fail("amount exceeds unfrozen balance");
            frozen += amount;
        } else {
            if (frozen < amount) _fail("amount exceeds frozen tokens");
            frozen -= amount;
        }
        _core().balances[partition][account] = balance | (frozen << FROZEN_SHIFT);
        emit FrozenByPartition(partition, account, frozen);
    }

    /// Freezes (`freeze`: of the unfrozen tokens) or unfreezes up to `amount` of `account`'s tokens, partition by
    /// partition in creation order; returns how much it changed.
    function _spread(address account, uint256 amount, bool freeze) internal returns (uint256 done) {
        uint256 n = _core().partitionList.length;
        for (uint256 i; i < n && done < amount; ++i) {
            bytes32 partition = _core().partitionList[i];
            uint256 word = _core().balances[partition][account];
            uint256 frozen = word >> FROZEN_SHIFT;
            uint256 room = freeze ? (word & BALANCE) - frozen : frozen;
            if (room == 0) continue;
            if (room > amount - done) room = amount - done;
            done += room;
            frozen = freeze ? frozen + room : frozen - room;
            _core().balances[partition][account] = (word & BALANCE) | (frozen << FROZEN_SHIFT);
            emit FrozenByPartition(partition, account, frozen);
        }
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
            if (_core().partitions[partitions[i]].index == 0) _fail("unknown partition");
            for (uint256 j; j < i; ++j) if (partitions[j] == partitions[i]) _fail("partition is listed twice");
        }
        _core().defaultPartitions[msg.sender] = partitions;
        // From now on plain transfers read their sender's list (NO_DEFAULT_PARTITIONS).
        uint256 state = _core().state;
        if (state & NO_DEFAULT_PARTITIONS != 0) _core().state = state & ~NO_DEFAULT_PARTITIONS;
        emit DefaultPartitionsSet(msg.sender, partitions);
    }

    /// @notice Partitions in which `tokenHolder` holds a non-zero balance, in creation order.
    function partitionsOf(address tokenHolder) external view returns (bytes32[] memory held) {
        uint256 n = _core().partitionList.length;
        held = new bytes32[](n);
        uint256 count;
        for (uint256 i; i < n; ++i) {
            bytes32 partition = _core().partitionList[i];
            // A holder's word is zero exactly when its balance is (the frozen part is never above it).
            if (_core().balances[partition][tokenHolder] != 0) held[count++] = partition;
        }
        assembly {
            mstore(held, count)
        }
    }

    /// @notice Every partition ever issued into, in creation order.
    function allPartitions() external view returns (bytes32[] memory) {
        return _core().partitionList;
    }

    function authorizeOperator(address operator) external {
        _checkOperatorAddress(operator);
        if (_core().operators[msg.sender][operator]) _fail("operator is already authorized");
        _core().operators[msg.sender][operator] = true;
        emit AuthorizedOperator(operator, msg.sender);
    }

    function revokeOperator(address operator) external {
        if (!_core().operators[msg.sender][operator]) _fail("operator is not authorized");
        _core().operators[msg.sender][operator] = false;
        emit RevokedOperator(operator, msg.sender);
    }

    function authorizeOperatorByPartition(bytes32 partition, address operator) external {
        _checkOperatorAddress(operator);
        if (partition == bytes32(0)) _fail("partition is required");
        if (_core().partitionOperators[msg.sender][partition][operator]) {
            _fail("operator is already authorized", " for this partition");
        }
        _core().partitionOperators[msg.sender][partition][operator] = true;
        emit AuthorizedOperatorByPartition(partition, operator, msg.sender);
    }

    function revokeOperatorByPartition(bytes32 partition, address operator) external {
        if (!_core().partitionOperators[msg.sender][partition][operator]) {
            _fail("operator is not authorized for", " this partition");
        }
        _core().partitionOperators[msg.sender][partition][operator] = false;
        emit RevokedOperatorByPartition(partition, operator, msg.sender);
    }

    /// @notice Whether `operator` may act for `tokenHolder` in every partition.
    function isOperator(address operator, address tokenHolder) external view returns (bool) {
        return _core().operators[tokenHolder][operator];
    }

    /// @notice Whether `operator` may act for `tokenHolder` in `partition` (authorized for it or for all).
    function isOperatorForPartition(bytes32 partition, address operator, address tokenHolder)
        external
        view
        returns (bool)
    {
        return _isOperatorFor(partition, operator, tokenHolder);
    }

    function isIssuable() external view returns (bool) {
        return _core().state & MINTING_FROZEN == 0;
    }

    /// @notice Permanently stops issuance. Owner only.
    function freezeMinting() external {
        if (msg.sender != _admin().owner) _fail("caller is not allowed to freeze", " minting");
        if (_core().state & MINTING_FROZEN != 0) _fail("token minting is frozen already");
        _core().state |= MINTING_FROZEN;
        emit MintingFrozen(msg.sender);
    }

    /// @notice Whether `account` holds the issuing right (Access Level 2). Issuance also needs isIssuable() and
    /// !isPaused().
    function canIssue(address account) external view returns (bool) {
        return ITokenScheme(_admin().securityScheme).hasLevel2(account);
    }

    /// @notice Whether `account` holds the redeeming right (Access Level 2).
    function canRedeem(address account) external view returns (bool) {
        return ITokenScheme(_admin().securityScheme).hasLevel2(account);
    }

    /// @notice Whether `account` may pause and resume trading (Access Level 2).
    function canPause(address account) external view returns (bool) {
        return ITokenScheme(_admin().securityScheme).hasLevel2(account);
    }

    /// @notice Whether `account` may freeze minting now (the owner, while the token is issuable).
    function canFreezeMinting(address account) external view returns (bool) {
        return account == _admin().owner && _core().state & MINTING_FROZEN == 0;
    }

    function pause() external {
        if (!ITokenScheme(_admin().securityScheme).hasLevel2(msg.sender)) {
            _fail("caller is not allowed to pause", " token trading");
        }
        if (_core().state & PAUSED != 0) _fail("token trading is paused already");
        _core().state |= PAUSED;
        emit Paused(msg.sender);
    }

    function unPause() external {
        if (!ITokenScheme(_admin().securityScheme).hasLevel2(msg.sender)) {
            _fail("caller is not allowed to resume", " token trading");
        }
        if (_core().state & PAUSED == 0) _fail("token trading is active already");
        _core().state &= ~PAUSED;
        emit Unpaused(msg.sender);
    }

    function isPaused() external view returns (bool) {
        return _core().state & PAUSED != 0;
    }

    function isControllable() external view returns (bool) {
        return _core().state & CONTROLLABLE != 0;
    }

    /// @notice The controller, or the zero address when the token is not (or no longer) controllable.
    function controller() external view returns (address) {
        return _core().state & CONTROLLABLE != 0 ? _admin().controller : address(0);
    }

    /// @notice Removes the controller forever. Owner only.
    function finalizeControllable() external {
        if (msg.sender != _admin().owner) _fail("caller is not the token owner");
        if (_core().state & CONTROLLABLE == 0) _fail("token is not controllable");
        _core().state &= ~CONTROLLABLE;
        emit FinalizedControllerFeature();
    }

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
        uint256 state = _core().state;
        if (state & RULES_ON == 0 && (holders.length != 0 || state & COUNTING == 0)) _countHolders(holders, true);
        if (countryMode != 0) _core().state |= COUNTRY_RULES;
        bytes2[] storage list = _rulesStore().countryList[scope];
        for (uint256 i = list.length; i != 0; --i) {
            delete _rulesStore().countryListed[scope][list[i - 1]];
            list.pop();
        }
        for (uint256 i; i < countries.length; ++i) {
            if (countries[i] == bytes2(0)) _fail("country is required");
            _rulesStore().countryListed[scope][countries[i]] = true;
            list.push(countries[i]);
        }
        uint256 word = uint256(maxHolders) | (uint256(lockupUntil) << 64) | (uint256(countryMode) << 104)
            | (uint256(minHolding) << 112) | (uint256(maxHolding) << 184);
        uint256 slot = _wordSlot(scope);
        uint256 kept = HOLDERS;
        assembly ("memory-safe") {
            sstore(slot, or(and(sload(slot), kept), word))
        }
        emit RulesSet(scope, maxHolders, lockupUntil, minHolding, maxHolding, countryMode, countries);
    }

    /// @notice The rule of the token (`scope` zero) or of a partition, with its holder count (counted while
    /// rulesActive()).
    function rulesOf(bytes32 scope) external view returns (Rule memory rule, bytes2[] memory countries) {
        uint256 word = _ruleWord(scope, _core().partitionList.length == 1 ? _core().partitionList[0] : bytes32(0));
        rule = Rule(
            uint32(word), uint32(word >> 32), uint40(word >> 64), uint8(word >> 104), uint72(word >> 112), uint72(word >> 184)
        );
        countries = _rulesStore().countryList[scope];
    }

    /// @notice Whether rules are on (set once; holders are counted from then on).
    function rulesActive() external view returns (bool) {
        return _core().state & RULES_ON != 0;
    }

    /// @notice Whether `account` may set the rules (the token owner or a Security Manager of the scheme).
    function canSetRules(address account) public view returns (bool) {
        return account == _admin().owner || ITokenScheme(_admin().securityScheme).isSecurityManager(account);
    }

    /// @notice Counts a further batch of holders while rules are being switched on (after the first setRules):
    /// strictly ascending and above the last address counted (holderCountingState). Counting completes, and rules are
    /// enforced, once the balances counted in each partition add up to its supply; until then the token refuses
    /// every transfer, issue and redemption ('holders are being counted'). The token owner or a Security Manager.
    function countHolders(address[] calldata holders) external {
        if (!canSetRules(msg.sender)) _fail("caller is not allowed to set", " rules");
        if (_core().state & RULES_OR_COUNTING != COUNTING) _fail("holders are not being counted");
        _countHolders(holders, false);
    }

    /// @notice Whether holders are being counted, and the last address counted (the next batch starts above it).
    function holderCountingState() external view returns (bool, address) {
        return (_core().state & RULES_OR_COUNTING == COUNTING, _rulesStore().countCursor);
    }

    function setDocument(bytes32 documentName, string calldata uri, bytes32 documentHash) external {
        if (msg.sender != _admin().owner) _fail("caller is not the token owner");
        if (documentName == bytes32(0)) _fail("document name is required");
        if (bytes(uri).length == 0) _fail("document location is required");
        Document storage document = _docs().documents[documentName];
        if (document.index == 0) {
            _docs().names.push(documentName);
            document.index = uint64(_docs().names.length);
        }
        document.docHash = documentHash;
        document.lastModified = uint64(block.timestamp);
        document.uri = uri;
        emit DocumentUpdated(documentName, uri, documentHash);
    }

    function removeDocument(bytes32 documentName) external {
        if (msg.sender != _admin().owner) _fail("caller is not the token owner");
        Document storage document = _docs().documents[documentName];
        uint256 index = document.index;
        if (index == 0) _fail("unknown document");
        uint256 last = _docs().names.length;
        if (index != last) {
            bytes32 moved = _docs().names[last - 1];
            _docs().names[index - 1] = moved;
            _docs().documents[moved].index = uint64(index);
        }
        _docs().names.pop();
        string memory uri = document.uri;
        bytes32 documentHash = document.docHash;
        delete _docs().documents[documentName];
        emit DocumentRemoved(documentName, uri, documentHash);
    }

    /// @notice (uri, hash, last modified timestamp); empty values for an unknown name.
    function getDocument(bytes32 documentName) external view returns (string memory, bytes32, uint256) {
        Document storage document = _docs().documents[documentName];
        return (document.uri, document.docHash, document.lastModified);
    }

    function getAllDocuments() external view returns (bytes32[] memory) {
        return _docs().names;
    }
}
