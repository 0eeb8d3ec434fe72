// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";
import {MerkleProofLib} from "solady/src/utils/MerkleProofLib.sol";

/// @title DistributionEscrow
/// @notice Holds the funds of one distribution. The Distributor deploys it with CREATE2 (salt = the distribution id)
/// when the distribution is funded; its constructor approves the Distributor for all of the asset and it keeps no
/// code, so only the Distributor moves what it holds. Its own balance of the asset is what the distribution still
/// holds: a tree whose sum exceeds the funding can only drain its own escrow, never another distribution's.
contract DistributionEscrow {
    constructor() {
        // forceApprove: tokens such as USDT return nothing from `approve`.
        SafeERC20.forceApprove(IERC20(Distributor(msg.sender).escrowAsset()), msg.sender, type(uint256).max);
        // Return empty runtime code: nothing is ever called on the escrow.
        assembly ("memory-safe") {
            return(0, 0)
        }
    }
}

/// @title Distributor
/// @notice Pays dividends and coupons in an ERC-20 asset to the holders of a record-date register. The issuer
/// funds a distribution with one transaction whose cost does not depend on the number of holders: it commits to
/// a Merkle root over the leaves `(uint256 index, address account, uint256 amount)` (OpenZeppelin
/// StandardMerkleTree: leaf = keccak256(bytes.concat(keccak256(abi.encode(index, account, amount))))). Holders
/// claim with a proof; the issuer may push payments in batches (one multiproof per batch); after the deadline the
/// issuer reclaims what is left. One bit per leaf records a payment, so nobody is paid twice.
/// @dev A distribution is identified by the hash of its terms; the terms travel in calldata (cheaper than
/// storage reads). Its funds sit in its own `DistributionEscrow` (address from the id, `escrowOf`), whose balance of
/// the asset is what the distribution still holds; only the asset and two flags are stored per distribution.
/// A claim logs no event of its own: the asset's `Transfer(escrow of the distribution, holder, amount)` records it,
/// and the claimed bitmap records the leaf (`isPaid`, `paidWords`).
contract Distributor {
    using SafeERC20 for IERC20;

    /// @notice What the issuer commits to when funding. `nonce` tells apart two distributions with equal terms.
    struct Terms {
        address issuer;
        address asset;
        uint64 deadline;
        uint64 nonce;
        bytes32 root;
    }

    /// @notice One leaf of the tree: the holder `account` is owed `amount`; `index` is its bit in the bitmap.
    struct Payment {
        uint256 index;
        address account;
        uint256 amount;
    }

    /// @notice Per distribution: its asset, whether it was funded and whether it was reclaimed (one slot).
    struct State {
        address asset;
        bool funded;
        bool reclaimed;
    }

    /// @dev keccak256 of the escrow's init code, for the CREATE2 address of a distribution's escrow.
    bytes32 private immutable _escrowCodeHash = keccak256(type(DistributionEscrow).creationCode);

    mapping(bytes32 id => State) private _states;
    mapping(bytes32 id => mapping(uint256 word => uint256 bits)) private _claimed;

    /// @dev The asset of the escrow being deployed by `fund` (its constructor asks for it), for this transaction only.
    address private transient _escrowAsset;

    event Funded(bytes32 indexed id, address indexed issuer, address indexed asset, bytes32 root, uint64 deadline, uint64 nonce, uint256 amount);
    event Pushed(bytes32 indexed id, uint256 holders, uint256 amount);
    event Reclaimed(bytes32 indexed id, uint256 amount);

    /// @notice The id of a distribution: keccak256 of its ABI-encoded terms.
    function distributionId(Terms calldata terms) public pure returns (bytes32 id) {
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            calldatacopy(ptr, terms, 0xa0)
            id := keccak256(ptr, 0xa0)
        }
    }

    /// @notice The escrow of distribution `id`: the CREATE2 address of a `DistributionEscrow` deployed by this
    /// contract with salt `id` (it exists once the distribution is funded).
    function escrowOf(bytes32 id) public view returns (address escrow) {
        bytes32 codeHash = _escrowCodeHash;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(add(ptr, 0x40), codeHash)
            mstore(add(ptr, 0x20), id)
            mstore(ptr, address())
            mstore8(add(ptr, 0x0b), 0xff)
            escrow := and(keccak256(add(ptr, 0x0b), 0x55), 0xffffffffffffffffffffffffffffffffffffffff)
        }
    }

    /// @notice The asset of the escrow being deployed, asked by its constructor (zero outside `fund`).
    function escrowAsset() external view returns (address) {
        return _escrowAsset;
    }

    /// @notice Funds a distribution: deploys its escrow and moves `amount` of `terms.asset` from the issuer (who
    /// approved this contract) to it. Constant gas whatever the number of holders.
    function fund(Terms calldata terms, uint256 amount) external returns (bytes32 id) {
        require(msg.sender == terms.issuer, "caller is not the issuer of this distribution");
        require(amount != 0, "amount must be greater than zero");
        require(amount <= type(uint128).max, "distribution amount is too large");
        require(terms.deadline > block.timestamp, "claim deadline must be in the future");
        require(terms.root != bytes32(0), "Merkle root is required");
        id = distributionId(terms);
        require(!_states[id].funded, "distribution is already funded");
        _states[id] = State({asset: terms.asset, funded: true, reclaimed: false});
        _escrowAsset = terms.asset;
        address escrow = address(new DistributionEscrow{salt: id}());
        IERC20(terms.asset).safeTransferFrom(msg.sender, escrow, amount);
        emit Funded(id, terms.issuer, terms.asset, terms.root, terms.deadline, terms.nonce, amount);
    }

    /// @notice Pays leaf `index` to `account` from the distribution's escrow if the proof holds, before the
    /// deadline, once. Logs nothing itself: the asset's `Transfer(escrow, account, amount)` is the record.
    function claim(
        Terms calldata terms,
        uint256 index,
        address account,
        uint256 amount,
        bytes32[] calldata proof
    ) external {
        require(block.timestamp <= terms.deadline, "claim deadline has passed");
        bytes32 id = distributionId(terms);
        // Solady's verifyCalldata checks the same sorted-pair proofs as OpenZeppelin's MerkleProof.verifyCalldata, in
        // one assembly loop: about 70 gas per proof element instead of about 240.
        require(MerkleProofLib.verifyCalldata(proof, terms.root, _leaf(index, account, amount)), "invalid Merkle proof");
        mapping(uint256 word => uint256 bits) storage claimed = _claimed[id];
        uint256 word = index >> 8;
        uint256 mask = 1 << (index & 0xff);
        uint256 bits = claimed[word];
        require(bits & mask == 0, "payment already claimed");
        claimed[word] = bits | mask;
        // No distribution state is read on the way to a payment: the escrow holds the funds, and an unfunded
        // distribution has no escrow (no allowance), so the transfer fails. A reclaim needs the deadline passed and
        // a claim needs it not passed (block times never go back), so a claim never follows a reclaim.
        IERC20 asset = IERC20(terms.asset);
        address escrow = escrowOf(id);
        if (!asset.trySafeTransferFrom(escrow, account, amount)) {
            // Only when the transfer failed: say why in the Distributor's words, else let the token say it (the same
            // transfer again, which reverts with the token's own reason).
            require(_states[id].funded, "distribution is not funded");
            require(amount <= asset.balanceOf(escrow), "distribution has insufficient funds");
            asset.safeTransferFrom(escrow, account, amount);
        }
    }

    /// @notice The issuer pays a batch of leaves, given in the order of the OpenZeppelin multiproof (`leaves` of
    /// `getMultiProof`), from the distribution's escrow. Refused as a whole when one of them was already paid.
    function push(
        Terms calldata terms,
        Payment[] calldata payments,
        bytes32[] calldata proof,
        bool[] calldata proofFlags
    ) external {
        require(msg.sender == terms.issuer, "caller is not the issuer of this distribution");
        require(payments.length != 0, "no token holders given");
        bytes32 id = distributionId(terms);
        State storage state = _states[id];
        require(state.funded, "distribution is not funded");
        require(!state.reclaimed, "distribution was reclaimed");
        (bytes32[] memory leaves, uint256 total) = _leavesOf(payments);
        require(MerkleProof.multiProofVerifyCalldata(proof, proofFlags, terms.root, leaves), "invalid Merkle proof");
        _markPaid(id, payments);
        IERC20 asset = IERC20(terms.asset);
        address escrow = escrowOf(id);
        require(total <= asset.balanceOf(escrow), "distribution has insufficient funds");
        _payBatch(asset, escrow, payments);
        emit Pushed(id, payments.length, total);
    }

    /// @notice After the deadline the issuer takes back what the escrow still holds (unclaimed payments and the
    /// rounding remainder). Ends the distribution.
    function reclaim(Terms calldata terms) external returns (uint256 amount) {
        require(msg.sender == terms.issuer, "caller is not the issuer of this distribution");
        require(block.timestamp > terms.deadline, "claim deadline has not passed");
        bytes32 id = distributionId(terms);
        State storage state = _states[id];
        require(state.funded, "distribution is not funded");
        require(!state.reclaimed, "distribution was reclaimed");
        state.reclaimed = true;
        IERC20 asset = IERC20(terms.asset);
        address escrow = escrowOf(id);
        amount = asset.balanceOf(escrow);
        if (amount != 0) asset.safeTransferFrom(escrow, msg.sender, amount);
        emit Reclaimed(id, amount);
    }

    /// @notice Whether leaf `index` of distribution `id` was paid (claimed or pushed).
    function isPaid(bytes32 id, uint256 index) external view returns (bool) {
        return _claimed[id][index >> 8] & (1 << (index & 0xff)) != 0;
    }

    /// @notice The claimed bitmap words `from` .. `from + count - 1` of distribution `id` (bit i of word w is leaf
    /// 256 w + i).
    function paidWords(bytes32 id, uint256 from, uint256 count) external view returns (uint256[] memory words) {
        words = new uint256[](count);
        for (uint256 i; i < count; ++i) words[i] = _claimed[id][from + i];
    }

    /// @notice What distribution `id` still holds (its escrow's balance of the asset), and whether it was funded and
    /// reclaimed.
    function stateOf(bytes32 id) external view returns (uint256 remaining, bool funded, bool reclaimed) {
        State memory state = _states[id];
        if (state.funded) remaining = IERC20(state.asset).balanceOf(escrowOf(id));
        return (remaining, state.funded, state.reclaimed);
    }

    function _leavesOf(Payment[] calldata payments) private pure returns (bytes32[] memory leaves, uint256 total) {
        uint256 count = payments.length;
        leaves = new bytes32[](count);
        for (uint256 i; i < count; ++i) {
            Payment calldata payment = payments[i];
            leaves[i] = _leaf(payment.index, payment.account, payment.amount);
            total += payment.amount;
        }
    }

    function _markPaid(bytes32 id, Payment[] calldata payments) private {
        mapping(uint256 => uint256) storage claimed = _claimed[id];
        uint256 count = payments.length;
        for (uint256 i; i < count; ++i) {
            uint256 index = payments[i].index;
            uint256 mask = 1 << (index & 0xff);
            uint256 bits = claimed[index >> 8];
            require(bits & mask == 0, "holder has already claimed this payment");
            claimed[index >> 8] = bits | mask;
        }
    }

    function _payBatch(IERC20 asset, address escrow, Payment[] calldata payments) private {
        uint256 count = payments.length;
        for (uint256 i; i < count; ++i) {
            Payment calldata payment = payments[i];
            asset.safeTransferFrom(escrow, payment.account, payment.amount);
        }
    }

    /// @dev keccak256(bytes.concat(keccak256(abi.encode(index, account, amount)))), written in assembly.
    function _leaf(uint256 index, address account, uint256 amount) private pure returns (bytes32 leaf) {
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, index)
            mstore(add(ptr, 0x20), account)
            mstore(add(ptr, 0x40), amount)
            mstore(0x00, keccak256(ptr, 0x60))
            leaf := keccak256(0x00, 0x20)
        }
    }
}
