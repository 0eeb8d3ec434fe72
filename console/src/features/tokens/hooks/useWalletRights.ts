import type { Contract, ContractRunner, InterfaceAbi } from 'ethers';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { appConfigLoadableAtom } from '../../config/index.ts';
import { isWalletConnected, useWallet, walletConnectorAtom } from '../../wallet/index.ts';

/** What the connected wallet may do on a token: the on-chain checks of part 1, section 6. */
export type WalletRights = {
  connected: boolean;
  address: string | null;
  canIssue: boolean;
  canRedeem: boolean;
  canPause: boolean;
  isOwner: boolean;
  isController: boolean;
  /** The connected wallet's read access to the chain (for receipts of server-signed transactions). */
  contract: Contract | null;
};

/** The rights of no wallet (none connected, or before the token answered). */
export const noWalletRights: WalletRights = {
  connected: false,
  address: null,
  canIssue: false,
  canRedeem: false,
  canPause: false,
  isOwner: false,
  isController: false,
  contract: null,
};

/** Reads the rights of the connected wallet on the token (re-read when the wallet or `version` changes). */
export function useWalletRights(
  contractAddress: string | null,
  abi: readonly unknown[],
  version: number,
): WalletRights {
  const wallet = useWallet();
  const connector = useAtomValue(walletConnectorAtom);
  const config = useAtomValue(appConfigLoadableAtom);
  // A sharded key signs on the server: its rights are read through the chain's RPC instead of a wallet signer.
  const rpcUrl = config.state === 'hasData' ? config.data.rpcUrl : null;
  const [rights, setRights] = useState<WalletRights>(noWalletRights);
  const address = isWalletConnected(wallet) ? wallet.address.toLowerCase() : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a fresh read after a transaction
  useEffect(() => {
    let cancelled = false;
    if (!address || !connector || !contractAddress || (!connector.getSigner && !rpcUrl)) {
      setRights({ ...noWalletRights, connected: address !== null, address });
      return;
    }
    void (async () => {
      try {
        // ethers loads with the first read, not with the page (issue 19).
        const { Contract, JsonRpcProvider } = await import('./ethersOnDemand.ts');
        const runner: ContractRunner | undefined = connector.getSigner
          ? await connector.getSigner(address)
          : rpcUrl
            ? new JsonRpcProvider(rpcUrl, undefined, { cacheTimeout: -1 })
            : undefined;
        if (!runner) return;
        const token = new Contract(contractAddress, abi as InterfaceAbi, runner);
        const [canIssue, canRedeem, canPause, owner, controller] = (await Promise.all([
          token.getFunction('canIssue')(address),
          token.getFunction('canRedeem')(address),
          token.getFunction('canPause')(address),
          token.getFunction('owner')(),
          token.getFunction('controller')(),
        ])) as [boolean, boolean, boolean, string, string];
        if (cancelled) return;
        setRights({
          connected: true,
          address,
          canIssue,
          canRedeem,
          canPause,
          isOwner: owner.toLowerCase() === address,
          isController: controller.toLowerCase() === address,
          contract: token,
        });
      } catch {
        if (!cancelled) setRights({ ...noWalletRights, connected: true, address });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [address, connector, contractAddress, abi, version, rpcUrl]);
  return rights;
}
