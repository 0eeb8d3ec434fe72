import { ForgotPasswordPage, ResetPasswordPage, SignUpPage } from '../features/session/index.ts';
import { NarrowPage } from '../features/shell/index.ts';

export function SignUpRoute() {
  return (
    <NarrowPage>
      <SignUpPage />
    </NarrowPage>
  );
}

export function ForgotPasswordRoute() {
  return (
    <NarrowPage>
      <ForgotPasswordPage />
    </NarrowPage>
  );
}

export function ResetPasswordRoute() {
  return (
    <NarrowPage>
      <ResetPasswordPage />
    </NarrowPage>
  );
}
