// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// The part of ERC-3643's IToken (T-REX) that explorers and tools read, and its enforcement calls, with the
/// identity registry's and compliance's checks they reach through it; written for this test from the standard's
/// declarations. The test drives the token through these ABIs alone.
interface IIdentityRegistry {
    function isVerified(address _userAddress) external view returns (bool);
}

interface IModularCompliance {
    function canTransfer(address _from, address _to, uint256 _amount) external view returns (bool);
}

interface IToken {
    event RecoverySuccess(address indexed _lostWallet, address indexed _newWallet, address indexed _investorOnchainID);
    event AddressFrozen(address indexed _userAddress, bool indexed _isFrozen, address indexed _owner);
    event TokensFrozen(address indexed _userAddress, uint256 _amount);
    event TokensUnfrozen(address indexed _userAddress, uint256 _amount);

    function setAddressFrozen(address _userAddress, bool _freeze) external;
    function freezePartialTokens(address _userAddress, uint256 _amount) external;
    function unfreezePartialTokens(address _userAddress, uint256 _amount) external;
    function forcedTransfer(address _from, address _to, uint256 _amount) external returns (bool);
    function recoveryAddress(address _lostWallet, address _newWallet, address _investorOnchainID)
        external
        returns (bool);

    function decimals() external view returns (uint8);
    function name() external view returns (string memory);
    function symbol() external view returns (string memory);
    function version() external view returns (string memory);
    function identityRegistry() external view returns (IIdentityRegistry);
    function compliance() external view returns (IModularCompliance);
    function paused() external view returns (bool);
    function isFrozen(address _userAddress) external view returns (bool);
    function getFrozenTokens(address _userAddress) external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function totalSupply() external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
}
