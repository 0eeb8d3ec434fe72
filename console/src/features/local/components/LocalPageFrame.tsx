import { localMessages } from '@tranche/api';
import { Alert, Card, Stack, Text, TextField } from '@tranche/ui-kit';
import { type ReactNode, useState } from 'react';

/** The dismissible notice of the local pages (part 2, section 2). */
export function LocalNotice() {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <Alert tone="warning" title={localMessages.notice} onDismiss={() => setShown(false)}>
      <Text>{localMessages.noticeDetail}</Text>
    </Alert>
  );
}

export type LocalPageFrameProps = { title: string; addr: string; children: ReactNode };

/** Title, notice and the read-only Summary field with the route parameter; the chain data below. */
export function LocalPageFrame({ title, addr, children }: LocalPageFrameProps) {
  return (
    <Card title={title} titleLevel={1}>
      <Stack space="large">
        <LocalNotice />
        <TextField label="Summary" value={addr} readOnly spellCheck={false} />
        {children}
      </Stack>
    </Card>
  );
}
