// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ITokenWhitelist, TokenV2Base} from "./TokenV2Base.sol";

/// @notice The functions SecurityTokenV2 answers in its fallback, ahead of the admin half, instead of through the
/// Solidity dispatcher (whose ABI decoding costs a hot path about 500 gas); the build (scripts/compile.ts) adds
/// them to SecurityTokenV2's ABI.
interface ISecurityTokenV2Fallback {
    /// @notice Moves `value` of the caller's tokens in `partition` to `to` (ERC-1410); returns `partition`.
    function transferByPartition(bytes32 partition, address to, uint256 value, bytes calldata data)
        external
        returns (bytes32);
}

/// @title SecurityTokenV2
/// @notice Version 2 of the security token, the implementation behind each token's ERC-1967 proxy: every function
/// that moves balances (ERC-20 and partition transfers, issue, redeem, controller operations) and the balance
/// views run here; every other function (administration, upgrades, rules, documents, operators, pause) is
/// SecurityTokenV2Admin's, reached through the fallback by DELEGATECALL, so it runs on the token's storage too.
/// The token is the same as version 1 from the outside (functions, events, revert reasons), with two-step
/// ownership, a replaceable whitelist and security scheme, owner-driven upgrades with a delay, and controller
/// operations allowed while paused.
contract SecurityTokenV2 is TokenV2Base {
    /// The second half of this implementation (deployed with it, once per chain).
    address public immutable adminImplementation;
    address private immutable _self = address(this);

    constructor(address adminImplementation_) {
        if (adminImplementation_.code.length == 0) _fail("admin implementation is not a", " contract");
        adminImplementation = adminImplementation_;
        _disableInitializers();
    }

    /// @notice ERC-1822: the slot this implementation lives in (answered only by the implementation itself, not
    /// through a proxy), which SecurityTokenV2Admin.upgradeToAndCall checks before switching.
    function proxiableUUID() external view returns (bytes32) {
        if (address(this) != _self) _fail("must not be called through a", " proxy");
        return 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    }

    /// transferByPartition first (ISecurityTokenV2Fallback: its selector tested here, its arguments read from the
    /// calldata, without the Solidity dispatcher's ABI decoding), in one pass when it can (below), else through
    /// _transferByPartitionCall; every other function is the admin half's, on this token's storage.
    ///
    /// The one pass: on a token that is not paused and has no rules on (nor holders being counted), between parties
    /// whose bits in the filter of frozen and recovered addresses are clear, with the arguments in their canonical
    /// encoding (`to` a clean address, `data` at offset 0x80 and within the calldata): when `to` is not zero, `value`
    /// is, and the caller's unfrozen tokens in `partition` cover it, and the whitelist verifies both (one call), the
    /// balances move, TransferByPartition and Transfer are logged exactly as _transferByPartition does, and the call
    /// returns `partition`. Otherwise nothing has changed and _transferByPartitionCall decodes the arguments and
    /// judges the transfer (with its reason when refused). What _move would do beyond the one pass (a frozen part
    /// released, holders counted) cannot arise in it: the frozen part stays below what is left, and rules are off.
    fallback() external {
        bool hot;
        assembly ("memory-safe") {
            hot := eq(shr(224, calldataload(0)), TRANSFER_BY_PARTITION)
            if hot {
                let to := calldataload(0x24)
                let value := calldataload(0x44)
                let length := calldataload(0x84)
                // SLOW: PAUSED, RULES_ON, COUNTING; then either party's bit in the filter of frozen and recovered
                // addresses (bits 192-255: FLAGGED_SHIFT + address mod 64), whose words _accountStatus would read.
                let state := sload(CORE_STORAGE)
                let flagged := and(shr(FLAGGED_SHIFT, state), or(shl(and(caller(), 63), 1), shl(and(to, 63), 1)))
                if iszero(
                    or(
                        or(or(and(state, SLOW), flagged), or(iszero(to), iszero(value))),
                        or(
                            or(shr(160, to), xor(calldataload(0x64), 0x80)),
                            or(shr(32, length), gt(add(0xa4, length), calldatasize()))
                        )
                    )
                ) {
                    let partition := calldataload(0x04)
                    mstore(0x00, partition)
                    mstore(0x20, BALANCES_SLOT)
                    let base := keccak256(0x00, 0x40)
                    mstore(0x00, caller())
                    mstore(0x20, base)
                    let fromSlot := keccak256(0x00, 0x40)
                    let word := sload(fromSlot)
                    let frozen := shr(FROZEN_SHIFT, word)
                    if iszero(or(gt(frozen, and(word, BALANCE)), lt(sub(and(word, BALANCE), frozen), value))) {
                        // firstUnverified([to, caller]) == 2: both verified.
                        let p := mload(0x40)
                        mstore(p, shl(224, 0x0102bd95))
                        mstore(add(p, 0x04), 0x20)
                        mstore(add(p, 0x24), 2)
                        mstore(add(p, 0x44), to)
                        mstore(add(p, 0x64), caller())
                        if staticcall(gas(), and(state, WHITELIST), p, 0x84, 0x00, 0x20) {
                            if and(gt(returndatasize(), 0x1f), eq(mload(0x00), 2)) {
                                // Below 2^128 each (a partition's supply bounds every balance): no overflow into the
                                // frozen part; `from` may be `to` (the word is written back unchanged).
                                sstore(fromSlot, sub(word, value))
                                mstore(0x00, to)
                                mstore(0x20, base)
                                fromSlot := keccak256(0x00, 0x40)
                                sstore(fromSlot, add(sload(fromSlot), value))
                                // TransferByPartition(partition, operator, from, to, value, data, ""): the ABI encoding
                                // of (operator, value, data, operatorData), the data zero-padded to whole words. This
                                // call's memory above p + 0x84 has not been written (the fallback is where the call
                                // starts), so the padding and the empty operatorData's length are zero already.
                                word := and(add(length, 31), not(31))
                                mstore(p, caller())
                                mstore(add(p, 0x20), value)
                                mstore(add(p, 0x40), 0x80)
                                mstore(add(p, 0x60), add(0xa0, word))
                                calldatacopy(add(p, 0x80), 0x84, add(0x20, length))
                                log4(p, add(0xc0, word), TRANSFER_BY_PARTITION_TOPIC, partition, caller(), to)
                                mstore(0x00, value)
                                log3(0x00, 0x20, TRANSFER_TOPIC, caller(), to)
                                mstore(0x00, partition)
                                return(0x00, 0x20)
                            }
                        }
                    }
                }
            }
        }
        if (hot) _transferByPartitionCall();
        address target = adminImplementation;
        assembly ("memory-safe") {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }

    function totalSupply() external view returns (uint256 supply) {
        uint256 n = _core().partitionList.length;
        for (uint256 i; i < n; ++i) supply += _core().partitions[_core().partitionList[i]].totalSupply;
    }

    function balanceOf(address tokenHolder) external view returns (uint256 balance) {
        uint256 n = _core().partitionList.length;
        for (uint256 i; i < n; ++i) balance += _core().balances[_core().partitionList[i]][tokenHolder] & BALANCE;
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
        uint256 allowed = _core().allowances[from][msg.sender];
        if (allowed < value) _fail("insufficient allowance");
        unchecked {
            _core().allowances[from][msg.sender] = allowed - value;
        }
        _transferByDefault(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        if (spender == address(0)) _fail("spender is the zero address");
        _core().allowances[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function allowance(address tokenHolder, address spender) external view returns (uint256) {
        return _core().allowances[tokenHolder][spender];
    }

    function balanceOfByPartition(bytes32 partition, address tokenHolder) external view returns (uint256) {
        return _core().balances[partition][tokenHolder] & BALANCE;
    }

    function totalSupplyByPartition(bytes32 partition) external view returns (uint256) {
        return _core().partitions[partition].totalSupply;
    }

    /// transferByPartition(bytes32,address,uint256,bytes), answered by the fallback (_transferByPartitionCall); the
    /// build adds the function to this contract's ABI from ISecurityTokenV2Fallback.
    uint256 private constant TRANSFER_BY_PARTITION = 0xf3d490db;
    /// The slot of CoreStorage.balances (CORE_STORAGE + 5), for assembly.
    uint256 private constant BALANCES_SLOT = 0xf0b278adff67865600ab80b30cc412fd52e98990c71b2f3edb2d93cccebcc705;
    /// keccak256("TransferByPartition(bytes32,address,address,address,uint256,bytes,bytes)"), logged from assembly.
    bytes32 private constant TRANSFER_BY_PARTITION_TOPIC =
        0xff4e9a26af4eb73b8bacfaa4abd4fea03d9448e7b912dc5ff4019048875aa2d4;
    /// PAUSED | RULES_OR_COUNTING as a literal for assembly: either sends a partition transfer down the full
    /// judgement (as does a party's bit in the filter of frozen and recovered addresses).
    uint256 private constant SLOW = 0x0000000000000000002900000000000000000000000000000000000000000000;

    /// transferByPartition(partition, to, value, data) → partition when the fallback's one pass did not take it: the
    /// arguments decoded with the checks Solidity's decoder makes (a malformed call reverts without data, as
    /// before), the `data` bytes read in place, and the full judgement.
    function _transferByPartitionCall() private {
        bytes32 partition;
        address to;
        uint256 value;
        bytes calldata data;
        assembly ("memory-safe") {
            let offset := calldataload(0x64)
            to := calldataload(0x24)
            if or(
                or(slt(sub(calldatasize(), 4), 0x80), shr(160, to)),
                or(gt(offset, 0xffffffffffffffff), iszero(slt(add(offset, 0x23), calldatasize())))
            ) { revert(0, 0) }
            data.length := calldataload(add(offset, 4))
            data.offset := add(offset, 0x24)
            if or(gt(data.length, 0xffffffffffffffff), gt(add(data.offset, data.length), calldatasize())) {
                revert(0, 0)
            }
            partition := calldataload(0x04)
            value := calldataload(0x44)
        }
        _transferByPartition(partition, false, msg.sender, to, value, data, "");
        assembly ("memory-safe") {
            mstore(0x00, partition)
            return(0x00, 0x20)
        }
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

    /// @notice Issues `value` tokens of `partition` to `tokenHolder`; a new partition is created on first issue.
    function issueByPartition(bytes32 partition, address tokenHolder, uint256 value, bytes calldata data) external {
        _requireIssuer();
        if (tokenHolder == address(0)) _fail("token holder is the zero address");
        if (value == 0) _fail("amount must be greater than zero");
        if (!ITokenWhitelist(_whitelist()).isVerified(tokenHolder)) {
            _fail("token holder is not verified in", " the whitelist");
        }
        _requireReceiver(tokenHolder);
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
        if (_core().state & RULES_OR_COUNTING != 0) {
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
        if (ITokenWhitelist(_whitelist()).firstUnverified(tokenHolders) != n) {
            _fail("token holder is not verified in", " the whitelist");
        }
        // Frozen and recovered addresses receive nothing (read only for holders whose filter bit is set).
        if (_core().state >> FLAGGED_SHIFT != 0) for (uint256 i; i < n; ++i) _requireReceiver(tokenHolders[i]);
        _addSupply(partition, total);
    }

    /// What a forced operation takes from `holder`'s `partition` in its first pass (`unfrozen`: the unfrozen
    /// tokens) or its second (the rest).
    function _takeable(bytes32 partition, address holder, bool unfrozen) private view returns (uint256) {
        uint256 word = _core().balances[partition][holder];
        return (word & BALANCE) - (unfrozen ? word >> FROZEN_SHIFT : 0);
    }

    /// Reverts when `account` is frozen or recovered (it may not receive).
    function _requireReceiver(address account) private view {
        (bytes1 code, bytes32 reason) = _accountStatus(_core().state, account, false, false);
        if (code != 0x51) _fail(reason);
    }

    /// @notice Redeems `value` of the caller's own tokens in `partition`.
    function redeemByPartition(bytes32 partition, uint256 value, bytes calldata data) external {
        _requireRedeemer();
        _burn(partition, false, msg.sender, msg.sender, value, data, "");
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
        _burn(partition, false, msg.sender, tokenHolder, value, "", operatorData);
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
        uint256 state = _requireController();
        if (value == 0) _fail("amount must be greater than zero");
        _transferFromPartitions(
            _core().partitionList, _partitionCount(state), true, from, to, value, data, operatorData
        );
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
        uint256 n = _core().partitionList.length;
        // As a forced transfer: the unfrozen tokens of each partition first, then the frozen ones.
        for (uint256 pass; pass < 2 && remaining != 0; ++pass) {
            for (uint256 i; i < n && remaining != 0; ++i) {
                bytes32 partition = _core().partitionList[i];
                uint256 part = _takeable(partition, tokenHolder, pass == 0);
                if (part == 0) continue;
                if (part > remaining) part = remaining;
                remaining -= part;
                _burn(partition, true, msg.sender, tokenHolder, part, data, operatorData);
            }
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
        _burn(partition, true, msg.sender, tokenHolder, value, data, operatorData);
        emit ControllerRedemption(msg.sender, tokenHolder, value, data, operatorData);
    }

    // =====================================================================
    // ERC-7943 (uRWA): what a standard client asks before a transfer, and the forced transfer
    // =====================================================================

    /// @notice ERC-7943: whether a plain ERC-20 transfer of `amount` from `from` to `to` would pass now (the same
    /// judgement as the transfer: pause, frozen and recovered addresses, unfrozen balance in the sender's default
    /// partitions, both addresses verified in the whitelist, compliance rules). Also ERC-3643's
    /// compliance().canTransfer (compliance() is the token).
    function canTransfer(address from, address to, uint256 amount) external view returns (bool) {
        bytes32[] storage order = _defaultPartitionsOf(from);
        uint256 n = order.length;
        (uint256 available, uint256 free,) = _available(order, n, from, amount);
        (bytes1 code,) = _transferStatus(false, false, order, bytes32(0), from, to, amount, available, free);
        return code == 0x51;
    }

    /// @notice ERC-7943: whether `account` may send (not frozen, not recovered, verified in the whitelist with a
    /// record that has not expired).
    function canSend(address account) external view returns (bool) {
        return _canTransact(account, true);
    }

    /// @notice ERC-7943: whether `account` may receive (the same conditions as canSend).
    function canReceive(address account) external view returns (bool) {
        return _canTransact(account, false);
    }

    /// @notice ERC-7943 and ERC-3643: the frozen amount of `account`, over every partition (never above its
    /// balance).
    function getFrozenTokens(address account) external view returns (uint256) {
        return _frozenTotal(account);
    }

    /// @notice The frozen amount of `account` in `partition`.
    function getFrozenTokensByPartition(bytes32 partition, address account) external view returns (uint256) {
        return _core().balances[partition][account] >> FROZEN_SHIFT;
    }

    /// @notice ERC-7943 and ERC-3643 forcedTransfer: controllerTransfer (the controller only; allowed while paused;
    /// the sender may be frozen or unverified, the receiver must be verified, neither frozen nor recovered); frozen
    /// tokens move only when the unfrozen ones do not suffice, and the frozen amount falls by the frozen tokens that
    /// left. Logs ControllerTransfer and ForcedTransfer.
    function forcedTransfer(address from, address to, uint256 amount) external returns (bool) {
        uint256 state = _requireController();
        if (amount == 0) _fail("amount must be greater than zero");
        _transferFromPartitions(_core().partitionList, _partitionCount(state), true, from, to, amount, "", "");
        emit ControllerTransfer(msg.sender, from, to, amount, "", "");
        emit ForcedTransfer(from, to, amount);
        return true;
    }

    /// @notice ERC-3643: recovers the wallet `lostWallet` of an investor to `newWallet`, which must be verified in
    /// the whitelist with the same KYC record hash: every partition's balance and frozen amount moves (a
    /// TransferByPartition and Transfer per partition, operator the caller), an address freeze moves too, and
    /// `lostWallet` is refused for ever (recoveredTo). `investorOnchainID` is only logged (the platform passes
    /// zero: the KYC hash links the wallets). Logs RecoverySuccess. The owner or controller; allowed while paused.
    function recoveryAddress(address lostWallet, address newWallet, address investorOnchainID)
        external
        returns (bool)
    {
        _requireEnforcer();
        if (lostWallet == address(0) || newWallet == address(0)) _fail("account is the zero address");
        if (lostWallet == newWallet) _fail("new wallet is the lost wallet");
        uint256 lost = _enforcement().accounts[lostWallet];
        _checkRecovery(lost, lostWallet, newWallet);
        uint256 n = _core().partitionList.length;
        for (uint256 i; i < n; ++i) _recoverPartition(_core().partitionList[i], lostWallet, newWallet);
        _enforcement().accounts[lostWallet] = lost | ACCOUNT_RECOVERED | (uint256(uint160(newWallet)) << 8);
        _flag(lostWallet);
        if (lost & ACCOUNT_FROZEN != 0) {
            _enforcement().accounts[newWallet] |= ACCOUNT_FROZEN;
            _flag(newWallet);
            emit AddressFrozen(newWallet, true, msg.sender);
        }
        emit RecoverySuccess(lostWallet, newWallet, investorOnchainID);
        return true;
    }

    /// Reverts unless `lostWallet` (enforcement word `lost`) may be recovered to `newWallet` now.
    function _checkRecovery(uint256 lost, address lostWallet, address newWallet) internal view {
        uint256 state = _core().state;
        if (state & RULES_OR_COUNTING != 0) _requireCounted();
        if (lost & ACCOUNT_RECOVERED != 0) _fail("wallet was recovered already");
        (bytes1 code, bytes32 reason) = _accountStatus(state, newWallet, false, false);
        if (code != 0x51) _fail(reason);
        ITokenWhitelist list = ITokenWhitelist(address(uint160(state)));
        if (!list.isVerified(newWallet)) _fail("new wallet is not verified");
        bytes32 hash = list.verificationHash(lostWallet);
        if (hash == bytes32(0) || list.verificationHash(newWallet) != hash) _fail("verification hashes differ");
    }

    /// Moves `lostWallet`'s balance in `partition` to `newWallet` as a transfer (holder counts included), then its
    /// frozen part.
    function _recoverPartition(bytes32 partition, address lostWallet, address newWallet) internal {
        uint256 word = _core().balances[partition][lostWallet];
        if (word == 0) return;
        _move(partition, lostWallet, newWallet, word & BALANCE, word & BALANCE, "", "");
        uint256 frozen = word >> FROZEN_SHIFT;
        if (frozen != 0) {
            _core().balances[partition][newWallet] += frozen << FROZEN_SHIFT;
            emit FrozenByPartition(partition, lostWallet, 0);
            emit FrozenByPartition(partition, newWallet, _core().balances[partition][newWallet] >> FROZEN_SHIFT);
        }
    }
}
