import { accountReviewMessages } from '@tranche/api';
import { Alert, Stack, TextLink } from '@tranche/ui-kit';
import { paths } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';

/**
 * The last step of forgot and reset password: the password was changed, go to login. `toReview`: how many
 * webhooks, wallets and keys added before the reset wait for the owner (shown after login, AccountReviewDialog).
 */
export function PasswordChanged({ toReview = 0 }: { toReview?: number }) {
  return (
    <Stack space="medium">
      <Alert tone="success" title="Password changed">
        Your password was changed. Log in with your new password.
      </Alert>
      {toReview > 0 ? (
        <Alert tone="warning" title={accountReviewMessages.title}>
          {`${toReview} ${toReview === 1 ? 'item was' : 'items were'} added to your account before the reset (webhooks, wallets or keys). After you log in, keep or remove each one; webhooks stay paused until then.`}
        </Alert>
      ) : null}
      <TextLink href={paths.login} renderLink={renderRouterLink}>
        Go to login
      </TextLink>
    </Stack>
  );
}
