// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface ILevel1SchemeV2 {
    function hasLevel1(address account) external view returns (bool);
}

/// @title WhitelistV2
/// @notice Whitelist (its functions, events and revert reasons) whose records may carry an expiry: the date the
/// investor's KYC stops being valid. From that second the address is no longer verified (isVerified and
/// firstUnverified say no, so a token refuses it as sender and as receiver), while its record hash stays readable
/// (verificationHash), which tells an expired record from a missing one. Holders of Access Level 1 in the security
/// scheme maintain it. Each address has a status word (verified, expiry, country) that isVerified reads alone, so a
/// token's check costs one storage read as with Whitelist, and its record hash in a second word.
contract WhitelistV2 {
    /// @notice Display name of the whitelist.
    string public name;
    /// @notice The account that deployed the whitelist on behalf of its issuer.
    address public immutable owner;
    /// @notice The security scheme whose Access Level 1 holders maintain this whitelist.
    address public immutable securityScheme;

    /// Status word: bit 255 verified, bits 16-55 expiry (unix seconds, 0 = none), bits 0-15 country.
    uint256 private constant VERIFIED = 1 << 255;
    uint256 private constant COUNTRY = 0xffff;
    uint256 private constant EXPIRY_SHIFT = 16;

    mapping(address account => bytes32 kycHash) private _hashes;
    mapping(address account => uint256 status) private _status;

    event WhitelistCreated(string name, address indexed owner, address indexed securityScheme);
    event AddressVerified(address indexed account, bytes32 hash, address indexed by);
    event VerificationUpdated(address indexed account, bytes32 previousHash, bytes32 hash, address indexed by);
    event VerificationRemoved(address indexed account, bytes32 previousHash, address indexed by);
    event CountrySet(address indexed account, bytes2 country, address indexed by);
    /// @notice The record of `account` is valid until `expiresAt` (unix seconds; 0: no expiry).
    event ExpirySet(address indexed account, uint256 expiresAt, address indexed by);

    modifier onlyLevel1() {
        require(
            ILevel1SchemeV2(securityScheme).hasLevel1(msg.sender),
            "caller does not have Access Level 1 in the security scheme"
        );
        _;
    }

    constructor(string memory name_, address owner_, address securityScheme_) {
        require(bytes(name_).length != 0, "whitelist name is required");
        require(owner_ != address(0), "owner is the zero address");
        require(securityScheme_.code.length != 0, "security scheme is not a contract");
        name = name_;
        owner = owner_;
        securityScheme = securityScheme_;
        emit WhitelistCreated(name_, owner_, securityScheme_);
    }

    // ---- Single entries ----

    function addVerified(address account, bytes32 hash) external onlyLevel1 {
        _add(account, hash);
    }

    /// @notice Adds `account` with its record hash, valid until `expiresAt` (unix seconds, in the future; 0: no
    /// expiry).
    function addVerifiedUntil(address account, bytes32 hash, uint40 expiresAt) external onlyLevel1 {
        _add(account, hash);
        _setExpiry(account, expiresAt);
    }

    /// @notice Adds `account` with its record hash and its country (ISO 3166 alpha-2, e.g. "DE").
    function addVerifiedInCountry(address account, bytes32 hash, bytes2 country) external onlyLevel1 {
        _add(account, hash);
        _setCountry(account, country);
    }

    /// @notice Sets the country (ISO 3166 alpha-2) of verified accounts, all or nothing.
    function setCountryBatch(address[] calldata accounts, bytes2[] calldata countries) external onlyLevel1 {
        uint256 n = _checkBatch(accounts.length, countries.length);
        for (uint256 i; i < n; ++i) {
            require(_hashes[accounts[i]] != bytes32(0), "account is not verified");
            _setCountry(accounts[i], countries[i]);
        }
    }

    /// @notice Sets when the records of `accounts` expire (unix seconds, in the future; 0: never), all or nothing.
    /// A renewed KYC sets a later date.
    function setExpiryBatch(address[] calldata accounts, uint40[] calldata expiresAt) external onlyLevel1 {
        uint256 n = _checkBatch(accounts.length, expiresAt.length);
        for (uint256 i; i < n; ++i) {
            require(_hashes[accounts[i]] != bytes32(0), "account is not verified");
            _setExpiry(accounts[i], expiresAt[i]);
        }
    }

    function updateVerified(address account, bytes32 hash) external onlyLevel1 {
        _update(account, hash);
    }

    function removeVerified(address account) external onlyLevel1 {
        _remove(account);
    }

    // ---- Batches (all or nothing) ----

    function addVerifiedBatch(address[] calldata accounts, bytes32[] calldata hashes) external onlyLevel1 {
        uint256 n = _checkBatch(accounts.length, hashes.length);
        for (uint256 i; i < n; ++i) _add(accounts[i], hashes[i]);
    }

    /// @notice Adds each of `accounts` with its hash, valid until its `expiresAt` (0: no expiry), all or nothing.
    function addVerifiedBatchUntil(address[] calldata accounts, bytes32[] calldata hashes, uint40[] calldata expiresAt)
        external
        onlyLevel1
    {
        uint256 n = _checkBatch(accounts.length, hashes.length);
        require(n == expiresAt.length, "arrays have unequal lengths");
        for (uint256 i; i < n; ++i) {
            _add(accounts[i], hashes[i]);
            _setExpiry(accounts[i], expiresAt[i]);
        }
    }

    function updateVerifiedBatch(address[] calldata accounts, bytes32[] calldata hashes) external onlyLevel1 {
        uint256 n = _checkBatch(accounts.length, hashes.length);
        for (uint256 i; i < n; ++i) _update(accounts[i], hashes[i]);
    }

    function removeVerifiedBatch(address[] calldata accounts) external onlyLevel1 {
        uint256 n = _checkBatch(accounts.length, accounts.length);
        for (uint256 i; i < n; ++i) _remove(accounts[i]);
    }

    // ---- Views ----

    /// @notice Whether `account` is verified now: it has a record and the record has not expired.
    function isVerified(address account) external view returns (bool) {
        return _valid(_status[account]);
    }

    /// @notice The KYC record hash of `account`, zero when it has no record (an expired record keeps its hash).
    function verificationHash(address account) external view returns (bytes32) {
        return _hashes[account];
    }

    /// @notice When the record of `account` expires (unix seconds; 0: no expiry, or no record).
    function expiryOf(address account) external view returns (uint256) {
        return uint40(_status[account] >> EXPIRY_SHIFT);
    }

    /// @notice The ISO 3166 alpha-2 country of `account` ("DE" as 0x4445), zero when unknown or not verified.
    function countryOf(address account) external view returns (bytes2) {
        return bytes2(uint16(_status[account]));
    }

    /// @notice Index of the first account that is not verified now, or `accounts.length` when all are.
    function firstUnverified(address[] calldata accounts) external view returns (uint256) {
        for (uint256 i; i < accounts.length; ++i) if (!_valid(_status[accounts[i]])) return i;
        return accounts.length;
    }

    /// @notice Whether `account` may maintain this whitelist (Access Level 1 in the security scheme).
    function canEdit(address account) external view returns (bool) {
        return ILevel1SchemeV2(securityScheme).hasLevel1(account);
    }

    // ---- Internals ----

    function _valid(uint256 status) private view returns (bool) {
        uint256 expiresAt = uint40(status >> EXPIRY_SHIFT);
        return status & VERIFIED != 0 && (expiresAt == 0 || block.timestamp < expiresAt);
    }

    function _checkBatch(uint256 accounts, uint256 hashes) private pure returns (uint256) {
        require(accounts != 0, "no addresses given");
        require(accounts == hashes, "arrays have unequal lengths");
        return accounts;
    }

    function _add(address account, bytes32 hash) private {
        require(account != address(0), "account is the zero address");
        require(hash != bytes32(0), "verification hash is required");
        require(_hashes[account] == bytes32(0), "account is already verified");
        _hashes[account] = hash;
        _status[account] = VERIFIED;
        emit AddressVerified(account, hash, msg.sender);
    }

    function _setExpiry(address account, uint40 expiresAt) private {
        require(expiresAt == 0 || expiresAt > block.timestamp, "expiry is not in the future");
        uint256 status = _status[account];
        _status[account] = (status & ~(uint256(type(uint40).max) << EXPIRY_SHIFT)) | (uint256(expiresAt) << EXPIRY_SHIFT);
        emit ExpirySet(account, expiresAt, msg.sender);
    }

    function _setCountry(address account, bytes2 country) private {
        require(
            country[0] >= 0x41 && country[0] <= 0x5A && country[1] >= 0x41 && country[1] <= 0x5A,
            "country is not an ISO 3166 alpha-2 code"
        );
        _status[account] = (_status[account] & ~COUNTRY) | uint16(country);
        emit CountrySet(account, country, msg.sender);
    }

    function _update(address account, bytes32 hash) private {
        require(account != address(0), "account is the zero address");
        require(hash != bytes32(0), "verification hash is required");
        bytes32 previous = _hashes[account];
        require(previous != bytes32(0), "account is not verified");
        require(previous != hash, "verification hash is unchanged");
        _hashes[account] = hash;
        emit VerificationUpdated(account, previous, hash, msg.sender);
    }

    function _remove(address account) private {
        require(account != address(0), "account is the zero address");
        bytes32 previous = _hashes[account];
        require(previous != bytes32(0), "account is not verified");
        delete _hashes[account];
        delete _status[account];
        emit VerificationRemoved(account, previous, msg.sender);
    }
}
