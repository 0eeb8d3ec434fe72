// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {SecurityTokenV2Admin} from "./SecurityTokenV2Admin.sol";

/// @title TokenFactory
/// @notice One per chain: the registry of version 2 token implementations (registered by the platform, its
/// owner) and the deployer of tokens, each an ERC-1967 proxy on the newest registered implementation,
/// initialized in the same transaction. A token's owner upgrades it to any registered implementation
/// (SecurityTokenV2Admin.scheduleUpgrade / upgradeToAndCall).
contract TokenFactory {
    address public immutable owner;
    address[] private _implementations;
    mapping(address implementation => bool) public isRegistered;

    event ImplementationRegistered(address indexed implementation, uint256 version);
    event TokenCreated(address indexed token, address indexed implementation, address indexed owner);

    constructor(address owner_) {
        if (owner_ == address(0)) revert("owner is the zero address");
        owner = owner_;
    }

    /// @notice Registers an implementation (a SecurityTokenV2 deployment); the newest is the one new tokens use.
    function register(address implementation) external {
        if (msg.sender != owner) revert("caller is not the factory owner");
        if (implementation.code.length == 0) revert("implementation is not a contract");
        if (isRegistered[implementation]) revert("implementation is registered already");
        isRegistered[implementation] = true;
        _implementations.push(implementation);
        emit ImplementationRegistered(implementation, _implementations.length);
    }

    function implementations() external view returns (address[] memory) {
        return _implementations;
    }

    /// @notice The implementation new tokens get (the last registered).
    function latestImplementation() public view returns (address) {
        uint256 n = _implementations.length;
        if (n == 0) revert("no implementation is registered");
        return _implementations[n - 1];
    }

    /// @notice Deploys a token (version 1's constructor arguments) in one transaction.
    function createToken(
        string calldata name_,
        string calldata symbol_,
        address owner_,
        address controller_,
        address whitelist_,
        address securityScheme_
    ) external returns (address token) {
        address implementation = latestImplementation();
        token = address(
            new ERC1967Proxy(
                implementation,
                abi.encodeCall(
                    SecurityTokenV2Admin.initialize,
                    (name_, symbol_, owner_, controller_, whitelist_, securityScheme_, address(this))
                )
            )
        );
        emit TokenCreated(token, implementation, owner_);
    }
}
