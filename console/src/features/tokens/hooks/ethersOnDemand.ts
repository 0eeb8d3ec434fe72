// What the token page needs of ethers only for a wallet's reads or a transaction (a provider, a contract, the ABI
// coder): imported with `import()` where it is needed, so that the page's first load carries none of it (issue 19).
export { Contract, Interface, JsonRpcProvider } from 'ethers';
