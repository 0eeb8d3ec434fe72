// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title TestStableToken
/// @notice A plain ERC-20 with 6 decimals standing in for a stable coin in local mode and in tests (payment asset
/// of distributions). Only its deployer mints. Never deploy it on a real network.
contract TestStableToken is ERC20 {
    /// @notice The account that deployed the token and may mint.
    address public immutable minter;

    constructor(string memory name_, string memory symbol_) ERC20(name_, symbol_) {
        minter = msg.sender;
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Creates `amount` units for `to` (deployer only).
    function mint(address to, uint256 amount) external {
        require(msg.sender == minter, "caller is not the minter");
        _mint(to, amount);
    }
}
