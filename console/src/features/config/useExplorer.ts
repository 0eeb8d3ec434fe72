import { explorerUrl } from '@tranche/api';
import { useAtomValue } from 'jotai';
import { appConfigLoadableAtom } from './atoms.ts';

/** Explorer links from the server's templates (the local pages when the chain is local). */
export function useExplorer() {
  const config = useAtomValue(appConfigLoadableAtom);
  const templates = config.state === 'hasData' ? config.data.explorer : undefined;
  return {
    tx: (hash: string) => (templates ? explorerUrl(templates.tx, hash) : `/local/tx/${hash}`),
    address: (address: string) =>
      templates ? explorerUrl(templates.address, address) : `/local/address/${address}`,
    block: (block: string | number) =>
      templates ? explorerUrl(templates.block, block) : `/local/block/${block}`,
  };
}
