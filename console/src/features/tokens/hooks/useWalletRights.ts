import { Contract, type InterfaceAbi } from 'ethers';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
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

const none: WalletRights = {
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
  const [rights, setRights] = useState<WalletRights>(none);
  const address = isWalletConnected(wallet) ? wallet.address.toLowerCase() : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a fresh read after a transaction
  useEffect(() => {
    let cancelled = false;
    if (!address || !connector?.getSigner || !contractAddress) {
      setRights({ ...none, connected: address !== null, address });
      return;
    }
    void (async () => {
      try {
        const signer = await connector.getSigner?.(address);
        if (!signer) return;
        const token = new Contract(contractAddress, abi as InterfaceAbi, signer);
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
        if (!cancelled) setRights({ ...none, connected: true, address });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [address, connector, contractAddress, abi, version]);
  return rights;
}
