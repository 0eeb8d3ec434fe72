import { localDevTexts as t, loadErrorMessages, type OutboxMail } from '@tranche/api';
import { Button, Card, EmptyState, Inline, Stack, Text, TextField, TextLink } from '@tranche/ui-kit';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { useLoad } from '../../../lib/useLoad.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { MailList } from './LocalMailPage.tsx';

/**
 * /local/mail/sign-up?address=: before any session, in local mode, the mail of a sign-up not yet confirmed (its
 * confirmation code). The server answers only from this machine and only while that account is unconfirmed.
 */
export function SignUpMailPage() {
  const [search, setSearch] = useSearchParams();
  const address = search.get('address') ?? '';
  const [typed, setTyped] = useState(address);
  const { state, reload } = useLoad<readonly OutboxMail[] | null>(
    (signal) =>
      address
        ? api.call('localSignUpMail', { query: { emailAddress: address }, signal })
        : Promise.resolve(null),
    [address],
  );
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() === address) reload();
    else setSearch({ address: typed.trim() });
  };
  return (
    <Card title={t.signUpMailTitle} titleLevel={1}>
      <Stack space="large">
        <Text tone="muted">{t.signUpMailIntro}</Text>
        <form onSubmit={handleSubmit} aria-label={t.signUpMailTitle}>
          <Stack space="medium">
            <TextField
              label="Email address"
              type="email"
              autoComplete="email"
              required
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <Inline>
              <Button type="submit">{t.signUpMailShow}</Button>
              <TextLink href={paths.login} renderLink={renderRouterLink}>
                Log in
              </TextLink>
            </Inline>
          </Stack>
        </form>
        {state.status === 'error' ? (
          <ErrorAlert error={state.error} prefix={loadErrorMessages.couldNot('load the mail')} />
        ) : null}
        {state.status === 'ready' && state.data?.length === 0 ? (
          <EmptyState title="No mail" text={t.signUpMailNone} />
        ) : null}
        {state.status === 'ready' && state.data && state.data.length > 0 ? (
          <MailList mails={state.data} />
        ) : null}
      </Stack>
    </Card>
  );
}
