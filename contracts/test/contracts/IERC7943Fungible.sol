// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// ERC-7943 (uRWA), its ERC-20 form, as the standard and OpenZeppelin's community ERC20uRWA declare it (written for
/// this test from the EIP's text: functions, events and errors; ERC-165's supportsInterface beside them). The test
/// drives the token through this ABI alone.
interface IERC165Standard {
    function supportsInterface(bytes4 interfaceId) external view returns (bool);
}

interface IERC7943Fungible is IERC165Standard {
    event ForcedTransfer(address indexed from, address indexed to, uint256 amount);
    event Frozen(address indexed account, uint256 amount);

    error ERC7943CannotSend(address account);
    error ERC7943CannotReceive(address account);
    error ERC7943CannotTransfer(address from, address to, uint256 amount);
    error ERC7943InsufficientUnfrozenBalance(address account, uint256 amount, uint256 unfrozen);

    function forcedTransfer(address from, address to, uint256 amount) external returns (bool result);
    function setFrozenTokens(address account, uint256 amount) external returns (bool result);
    function canSend(address account) external view returns (bool allowed);
    function canReceive(address account) external view returns (bool allowed);
    function getFrozenTokens(address account) external view returns (uint256 amount);
    function canTransfer(address from, address to, uint256 amount) external view returns (bool allowed);
}
