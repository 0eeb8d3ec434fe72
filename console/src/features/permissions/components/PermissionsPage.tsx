import type { SchemeDetail, SchemeListItem } from '@tranche/api';
import { Card, Tabs } from '@tranche/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { AccessRightsTab } from './AccessRightsTab.tsx';
import { NewSchemeForm } from './NewSchemeForm.tsx';
import { SchemeListTab } from './SchemeListTab.tsx';
import { SchemeView } from './SchemeView.tsx';

export const permissionTabs = ['scheme', 'rights', 'list'] as const;
export type PermissionTab = (typeof permissionTabs)[number];

/** The Permissions page (part 1, 'Permissions page'): new scheme, access rights, scheme list. */
export function PermissionsPage() {
  const [tab, setTab] = useState<PermissionTab>('scheme');
  const [schemes, setSchemes] = useState<SchemeListItem[] | null>(null);
  const [listError, setListError] = useState<unknown>(null);
  const [editing, setEditing] = useState<SchemeDetail | null>(null);
  const [editError, setEditError] = useState<unknown>(null);

  const loadSchemes = useCallback(async () => {
    setListError(null);
    try {
      setSchemes(await api.call('listSchemes'));
    } catch (error) {
      setListError(error);
    }
  }, []);
  useEffect(() => {
    void loadSchemes();
  }, [loadSchemes]);

  const edit = async (address: string) => {
    setEditError(null);
    try {
      setEditing(await api.call('getSchemeOfContract', { params: { contractAddress: address } }));
      setTab('scheme');
    } catch (error) {
      setEditError(error);
    }
  };

  return (
    <Card title="Blockchain security" titleLevel={1}>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setTab(permissionTabs.find((id) => id === value) ?? 'scheme')}
      >
        <Tabs.List aria-label="Blockchain security">
          <Tabs.Trigger value="scheme">
            {editing ? editing.schemeName : 'New permissions scheme'}
          </Tabs.Trigger>
          {editing ? <Tabs.Trigger value="rights">Access rights</Tabs.Trigger> : null}
          <Tabs.Trigger value="list">Permission schemes</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="scheme">
          {editing ? (
            <SchemeView
              scheme={editing}
              onReset={() => setEditing(null)}
              onOwnershipChanged={async () => {
                await edit(editing.securitySchemeAddress);
                await loadSchemes();
              }}
            />
          ) : (
            <NewSchemeForm onDeployed={loadSchemes} />
          )}
        </Tabs.Content>
        {editing ? (
          <Tabs.Content value="rights">
            <AccessRightsTab scheme={editing} />
          </Tabs.Content>
        ) : null}
        <Tabs.Content value="list">
          <SchemeListTab
            schemes={schemes}
            listError={listError}
            editError={editError}
            onEdit={(address) => void edit(address)}
          />
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}
