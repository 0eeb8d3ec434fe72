import { loadErrorMessages, type OutboxMail } from '@tranche/api';
import { Card, EmptyState, Heading, Skeleton, Stack, Text } from '@tranche/ui-kit';
import { api } from '../../../lib/api.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import * as styles from './LocalMailPage.css.ts';

/** /local/mail: the mail the server kept in its local outbox (no SMTP configured), newest first. */
export function LocalMailPage() {
  const { state } = useLoad((signal) => api.call('localOutbox', { signal }), []);
  return (
    <Card title="Local mail" titleLevel={1}>
      <Stack space="large">
        <Text tone="muted">
          No mail server is configured, so the mail Tranche sends is kept here, in your local environment
          only.
        </Text>
        {state.status === 'loading' ? <Skeleton label="Loading the mail" /> : null}
        {state.status === 'error' ? (
          <ErrorAlert error={state.error} prefix={loadErrorMessages.couldNot('load the mail')} />
        ) : null}
        {state.status === 'ready' && state.data.length === 0 ? (
          <EmptyState title="No mail yet" text="Mail sent by Tranche appears here." />
        ) : null}
        {state.status === 'ready' && state.data.length > 0 ? <MailList mails={state.data} /> : null}
      </Stack>
    </Card>
  );
}

/** Mail of the local outbox, newest first: subject, addressee and date, the text as sent. */
export function MailList({ mails }: { mails: readonly OutboxMail[] }) {
  return (
    <Stack as="ol" space="medium">
      {mails.map((mail) => (
        <li key={mail.id} aria-label={mail.subject}>
          <Stack space="small">
            <Heading level={2}>{mail.subject}</Heading>
            <Text tone="muted">
              To {mail.to}, {new Date(mail.createdOn).toLocaleString()}
            </Text>
            <pre className={styles.mailText}>{mail.text}</pre>
            {mail.attachments.length > 0 ? (
              <Text>Attachments: {mail.attachments.map((file) => file.filename).join(', ')}</Text>
            ) : null}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
