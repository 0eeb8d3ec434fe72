import { localDevTexts, walletChipTexts } from '@tranche/api';
import {
  Badge,
  Box,
  Button,
  CopyButton,
  Inline,
  Text,
  TextLink,
  shortenAddress,
  toChecksumAddress,
} from '@tranche/ui-kit';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { api, describeError } from '../../../lib/api.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { notifyAtom } from '../../notifications/index.ts';
import { addressRegisteredAtom, walletRegisteredAtom } from '../atoms.ts';
import { formatEthBalance } from '../chipBalance.ts';
import { useWalletBalance } from '../hooks/useWalletBalance.ts';
import type { WalletState } from '../types.ts';

/**
 * The wallet chip: the account's name, its short address with a copy button, its ETH balance and whether the server
 * can sign for it, with a one-click Register for a local public development account (any other address is
 * registered with its key on My Keys). Registering updates the chip and the header's warning at once.
 */
export function WalletChip({ wallet }: { wallet: WalletState }) {
  const registered = useAtomValue(walletRegisteredAtom);
  const balance = useWalletBalance();
  const address = toChecksumAddress(wallet.address);
  const named = wallet.accountName && wallet.accountName.toLowerCase() !== wallet.address.toLowerCase();
  return (
    <Box as="section" aria-label={walletChipTexts.label} paddingX="large" paddingY="xsmall">
      <Inline space="small" align="center" wrap>
        <Text as="span" size="small" weight="strong">
          {named ? wallet.accountName : wallet.providerName}
        </Text>
        <Inline space="xsmall" align="center">
          <Text as="span" size="small" mono>
            <abbr title={address}>{shortenAddress(address)}</abbr>
          </Text>
          <CopyButton value={address} label="Copy address" />
        </Inline>
        <Text as="span" size="small" tone="muted">
          {balance === null ? walletChipTexts.balanceUnknown : formatEthBalance(balance)}
        </Text>
        {wallet.kind === 'sharded' ? (
          <Badge>{walletChipTexts.sharded}</Badge>
        ) : registered === null ? null : (
          <Inline space="xsmall" align="center">
            <Badge tone={registered ? 'success' : 'warning'}>{walletChipTexts.registered(registered)}</Badge>
            {registered ? null : <RegisterAction wallet={wallet} />}
          </Inline>
        )}
      </Inline>
    </Box>
  );
}

function RegisterAction({ wallet }: { wallet: WalletState }) {
  const markRegistered = useSetAtom(addressRegisteredAtom);
  const notify = useSetAtom(notifyAtom);
  const [busy, setBusy] = useState(false);
  // Local mode's public accounts: the chain publishes their keys, so the server registers them in one click.
  // The account's own development account is registered already; any other wallet's key is the user's alone.
  if (wallet.kind !== 'local' || wallet.accountName === localDevTexts.ownAccount)
    return (
      <TextLink href={`/Keys?address=${wallet.address}`} renderLink={renderRouterLink}>
        {walletChipTexts.register}
      </TextLink>
    );
  const handleRegister = async () => {
    setBusy(true);
    try {
      await api.call('registerSharedAccount', { body: { address: wallet.address } });
      markRegistered(wallet.address);
    } catch (error) {
      notify({ text: describeError(error).message, state: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="secondary" loading={busy} onClick={() => void handleRegister()}>
      {busy ? walletChipTexts.registering : walletChipTexts.register}
    </Button>
  );
}
