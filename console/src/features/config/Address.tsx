import { AddressText, type AddressTextProps, type ExplorerConfig } from '@tranche/ui-kit';
import { useAtomValue } from 'jotai';
import { renderRouterLink } from '../../lib/renderRouterLink.tsx';
import { appConfigLoadableAtom } from './atoms.ts';

/** Where an address opens: the app's local page on the embedded chain, else the server's explorer template. */
export function useAddressExplorer(): ExplorerConfig {
  const config = useAtomValue(appConfigLoadableAtom);
  if (config.state !== 'hasData' || config.data.local) return { isLocal: true };
  return { urlTemplate: config.data.explorer.address.replaceAll('{address}', '{value}') };
}

/**
 * An address as the console shows it everywhere: the ui-kit's AddressText (checksummed, short with the full value
 * on hover, copy button, name) with the app's explorer link.
 */
export function Address(props: Omit<AddressTextProps, 'explorer' | 'renderLink'>) {
  return <AddressText {...props} explorer={useAddressExplorer()} renderLink={renderRouterLink} />;
}
