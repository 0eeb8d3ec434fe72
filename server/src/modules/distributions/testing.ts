import { distributorArtifact, securityTokenArtifact, testStableTokenArtifact } from '@tranche/contracts';
import { Contract, encodeBytes32String, JsonRpcProvider, Wallet } from 'ethers';

/**
 * For whole-stack tests of distributions: the chain calls a test makes outside the console (a holder's transfer
 * after the record block, ERC-20 balances, moving chain time past a deadline), over the chain's JSON-RPC.
 */
export function distributionChain(rpcUrl: string) {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, pollingInterval: 50 });
  return {
    /** `from` (a private key) sends `amount` of `partition` to `to`. */
    async transferByPartition(token: string, fromKey: string, partition: string, to: string, amount: bigint) {
      const contract = new Contract(token, securityTokenArtifact.abi, new Wallet(fromKey, provider));
      const sent = await contract.getFunction('transferByPartition')(
        encodeBytes32String(partition),
        to,
        amount,
        '0x',
      );
      return (await sent.wait())?.blockNumber as number;
    },
    blockNumber: () => provider.getBlockNumber(),
    /** The latest block's time (unix seconds). */
    blockTimestamp: async () => (await provider.getBlock('latest'))?.timestamp ?? 0,
    async erc20BalanceOf(asset: string, holder: string): Promise<bigint> {
      return new Contract(asset, testStableTokenArtifact.abi, provider).getFunction('balanceOf')(holder);
    },
    /** The escrow that holds distribution `distributionId`'s funds (the Distributor's `escrowOf`). */
    async escrowOf(distributor: string, distributionId: string): Promise<string> {
      return new Contract(distributor, distributorArtifact.abi, provider).getFunction('escrowOf')(
        distributionId,
      );
    },
    /** Moves the chain's clock forward and mines a block at the new time. */
    async increaseTime(seconds: number): Promise<void> {
      await provider.send('evm_increaseTime', [seconds]);
      await provider.send('evm_mine', []);
    },
    close: () => provider.destroy(),
  };
}
