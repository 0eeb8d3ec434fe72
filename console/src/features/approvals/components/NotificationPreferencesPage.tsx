import {
  type NotificationKind,
  type NotificationPreferences,
  notificationKindNames,
  notificationKinds,
} from '@tranche/api';
import { Card, Stack, Switch, Text } from '@tranche/ui-kit';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { api, describeError } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { notifyAtom } from '../../notifications/index.ts';

/** /NotificationPreferences: each kind of mail on or off, and one daily digest instead of each mail. */
export function NotificationPreferencesPage() {
  const { state } = useLoad((signal) => api.call('getNotificationPreferences', { signal }), []);
  const [preferences, setPreferences] = useState<NotificationPreferences | null>(null);
  const [saving, setSaving] = useState(false);
  const notify = useSetAtom(notifyAtom);
  useEffect(() => {
    if (state.status === 'ready') setPreferences(state.data);
  }, [state]);

  const save = async (body: {
    kinds?: Partial<Record<NotificationKind, boolean>>;
    dailyDigest?: boolean;
  }) => {
    setSaving(true);
    try {
      setPreferences(await api.call('putNotificationPreferences', { body }));
      notify({ text: 'Notification preferences saved', state: 'success' });
    } catch (failure) {
      notify({ text: describeError(failure).message, state: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Notifications" titleLevel={1}>
      {state.status === 'error' ? <Text tone="danger">{describeError(state.error).message}</Text> : null}
      {preferences ? (
        <Stack space="medium">
          <Text tone="muted">Which mail Tranche sends you.</Text>
          {notificationKinds.map((kind) => (
            <Stack key={kind} space="xsmall">
              <Text weight="medium">{notificationKindNames[kind]}</Text>
              <Switch
                label={notificationKindNames[kind]}
                checked={preferences.kinds[kind]}
                disabled={saving}
                onText="On"
                offText="Off"
                onCheckedChange={(checked) => void save({ kinds: { [kind]: checked } })}
              />
            </Stack>
          ))}
          <Stack space="xsmall">
            <Text weight="medium">One daily digest instead of a mail for each</Text>
            <Switch
              label="Daily digest"
              checked={preferences.dailyDigest}
              disabled={saving}
              onText="On"
              offText="Off"
              onCheckedChange={(checked) => void save({ dailyDigest: checked })}
            />
          </Stack>
        </Stack>
      ) : null}
    </Card>
  );
}
