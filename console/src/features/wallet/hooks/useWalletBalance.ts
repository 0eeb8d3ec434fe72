import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { walletAtom, walletConnectorAtom } from '../atoms.ts';

/** How often the chip reads the balance again (gas is spent by every signed action). */
const refreshMs = 15_000;

/** The selected wallet's ETH balance in wei, read through its connector; null while unknown or unreadable. */
export function useWalletBalance(): bigint | null {
  const wallet = useAtomValue(walletAtom);
  const connector = useAtomValue(walletConnectorAtom);
  const [balance, setBalance] = useState<bigint | null>(null);
  const address = wallet?.address;
  useEffect(() => {
    setBalance(null);
    if (!address || !connector?.balance) return;
    let stopped = false;
    const read = () =>
      connector.balance?.(address).then(
        (wei) => {
          if (!stopped) setBalance(wei);
        },
        () => {
          if (!stopped) setBalance(null);
        },
      );
    void read();
    const timer = setInterval(read, refreshMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [address, connector]);
  return balance;
}
