// The Hardhat node the whole-stack journeys also run against (server/test/hardhat/hardhat.test.ts): Hardhat's
// default accounts (the same mnemonic as Anvil's), chain id 31337, one block per transaction.
export default {
  networks: {
    default: { type: 'edr-simulated', chainId: 31337, mining: { auto: true } },
  },
};
