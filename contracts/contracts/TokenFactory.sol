// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC1967Utils} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Utils.sol";
import {SecurityTokenV2Admin} from "./SecurityTokenV2Admin.sol";

/// @title TokenProxy
/// @notice The ERC-1967 proxy of one version 2 token. Its constructor is OpenZeppelin's ERC1967Proxy's (the
/// implementation in the ERC-1967 slot, `Upgraded(implementation)`, then `initialize` by DELEGATECALL, all in the
/// creating transaction); its runtime is a 61-byte forwarder without a Solidity prologue (Solady LibClone's
/// ERC-1967 runtime: copy the calldata, DELEGATECALL the implementation read from the ERC-1967 slot, return or
/// revert its return data). Upgrades are the implementation's (UUPS: SecurityTokenV2Admin.upgradeToAndCall writes
/// the same slot). 114 gas less per call than ERC1967Proxy's compiled fallback (measured on transferByPartition).
contract TokenProxy {
    constructor(address implementation, bytes memory data) {
        ERC1967Utils.upgradeToAndCall(implementation, data);
        assembly {
            // 363d3d37 3d3d363d 7f<slot> 545af4 3d6000803e 603857 3d6000fd 5b3d6000f3
            mstore(0x00, 0x363d3d373d3d363d7f360894a13ba1a3210667c828492db98dca3e2076cc3735)
            mstore(0x20, 0xa920a3ca505d382bbc545af43d6000803e6038573d6000fd5b3d6000f3000000)
            return(0x00, 61)
        }
    }
}

/// @title TokenFactory
/// @notice One per chain: the registry of version 2 token implementations (registered by the platform, its
/// owner) and the deployer of tokens, each an ERC-1967 proxy (TokenProxy) on the newest registered implementation,
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
            new TokenProxy(
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
