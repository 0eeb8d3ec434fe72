import { Alert, Stack, TextLink } from '@tranche/ui-kit';
import { paths } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';

/** The last step of forgot and reset password: the password was changed, go to login. */
export function PasswordChanged() {
  return (
    <Stack space="medium">
      <Alert tone="success" title="Password changed">
        Your password was changed. Log in with your new password.
      </Alert>
      <TextLink href={paths.login} renderLink={renderRouterLink}>
        Go to login
      </TextLink>
    </Stack>
  );
}
