import type { WhitelistListItem } from '@tranche/api';
import { Card, Tabs } from '@tranche/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { AllWhitelistsTab } from './AllWhitelistsTab.tsx';
import { NewAddressTab } from './NewAddressTab.tsx';
import { NewWhitelistTab } from './NewWhitelistTab.tsx';
import { RegistryTab } from './RegistryTab.tsx';
import { VerifiedAddressesTab } from './VerifiedAddressesTab.tsx';

export const whitelistTabs = ['deploy', 'list', 'address', 'verified', 'registry'] as const;
export type WhitelistTab = (typeof whitelistTabs)[number];

/**
 * The tab of `?tab=`; without one, a `page` means the Verified Addresses list, a `term` the All whitelists list
 * searched for it, else New Whitelist.
 */
export function parseWhitelistTab(search: URLSearchParams): WhitelistTab {
  const value = search.get('tab');
  const tab = whitelistTabs.find((id) => id === value);
  return tab ?? (search.get('page') ? 'verified' : search.has('term') ? 'list' : 'deploy');
}

/** Whitelists (part 2): New Whitelist, All whitelists, New Address, Verified Addresses; and issue 37's Investor registry. */
export function WhitelistsPage() {
  const [search, setSearch] = useSearchParams();
  const tab = parseWhitelistTab(search);
  const [whitelists, setWhitelists] = useState<WhitelistListItem[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setWhitelists(await api.call('listWhitelists'));
    } catch (failure) {
      setError(failure);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card title="Whitelists" titleLevel={1}>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(search);
          next.set('tab', value);
          if (value !== 'verified') next.delete('page');
          setSearch(next, { replace: true });
        }}
      >
        <Tabs.List aria-label="Whitelists">
          <Tabs.Trigger value="deploy">New Whitelist</Tabs.Trigger>
          <Tabs.Trigger value="list">All whitelists</Tabs.Trigger>
          <Tabs.Trigger value="address">New Address</Tabs.Trigger>
          <Tabs.Trigger value="verified">Verified Addresses</Tabs.Trigger>
          <Tabs.Trigger value="registry">Investor registry</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="deploy">
          <NewWhitelistTab onDeployed={load} />
        </Tabs.Content>
        <Tabs.Content value="list">
          <AllWhitelistsTab whitelists={whitelists} error={error} />
        </Tabs.Content>
        <Tabs.Content value="address">
          <NewAddressTab whitelists={whitelists ?? []} />
        </Tabs.Content>
        <Tabs.Content value="verified">
          <VerifiedAddressesTab whitelists={whitelists ?? []} />
        </Tabs.Content>
        <Tabs.Content value="registry">
          <RegistryTab whitelists={whitelists ?? []} />
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}
