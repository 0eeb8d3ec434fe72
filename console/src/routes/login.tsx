import { LoginPage } from '../features/session/index.ts';
import { NarrowPage } from '../features/shell/index.ts';

/** Login, a route module of its own: the first load of most visits, it carries no zod (LoginPage). */
export function LoginRoute() {
  return (
    <NarrowPage>
      <LoginPage />
    </NarrowPage>
  );
}
