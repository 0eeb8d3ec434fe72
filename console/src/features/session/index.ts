export { endSessionAtom, startSessionAtom } from './actions.ts';
export { authStateAtom, loginNoticeAtom, profileAtom, sessionAtom } from './atoms.ts';
export type { AuthState, StoredSession } from './atoms.ts';
export { ForgotPasswordPage } from './components/ForgotPasswordPage.tsx';
export { LoginPage } from './components/LoginPage.tsx';
export { RequireAuth } from './components/RequireAuth.tsx';
export { ResetPasswordPage } from './components/ResetPasswordPage.tsx';
export { SignUpPage } from './components/SignUpPage.tsx';
export { useShellLoggedIn } from './hooks/useShellLoggedIn.ts';
