import { Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../../lib/paths.ts';
import { preloadable, usePreloaded } from '../../../lib/preloadable.ts';
import { useShellLoggedIn } from '../../session/index.ts';
import * as styles from './NavBar.css.ts';

const loggedInNav = preloadable(() => import('./LoggedInNav.tsx').then((m) => m.LoggedInNav));

/** Fetches the logged-in navigation ahead of the session check (main.tsx, when a session is stored). */
export const preloadLoggedInNav = loggedInNav.preload;

export type NavBarProps = {
  /** The pending transactions dropdown, shown only when logged in. */
  pending?: React.ReactNode;
};

/** The navigation bar of part 1, section 2. */
export function NavBar({ pending }: NavBarProps) {
  const loggedIn = useShellLoggedIn();
  const { component: LoggedInNav, lazy } = usePreloaded(loggedInNav, loggedIn);
  return (
    <header className={styles.header}>
      <nav aria-label="Main" className={styles.nav}>
        <NavLink to={paths.tokens} className={styles.brand}>
          Tranche
        </NavLink>
        {loggedIn ? (
          lazy ? (
            <Suspense fallback={<span className={styles.spacer} />}>
              <LoggedInNav pending={pending} />
            </Suspense>
          ) : (
            <LoggedInNav pending={pending} />
          )
        ) : (
          <>
            <span className={styles.spacer} />
            <NavLink to={paths.login} className={styles.link}>
              Login
            </NavLink>
          </>
        )}
      </nav>
    </header>
  );
}
