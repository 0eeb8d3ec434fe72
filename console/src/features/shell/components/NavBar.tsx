import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../../lib/paths.ts';
import { authStateAtom } from '../../session/index.ts';
import * as styles from './NavBar.css.ts';

const LoggedInNav = lazy(() => import('./LoggedInNav.tsx').then((m) => ({ default: m.LoggedInNav })));

export type NavBarProps = {
  /** The pending transactions dropdown, shown only when logged in. */
  pending?: React.ReactNode;
};

/** The navigation bar of part 1, section 2. */
export function NavBar({ pending }: NavBarProps) {
  const loggedIn = useAtomValue(authStateAtom) === 'in';
  return (
    <header className={styles.header}>
      <nav aria-label="Main" className={styles.nav}>
        <NavLink to={paths.tokens} className={styles.brand}>
          Tranche
        </NavLink>
        {loggedIn ? (
          <Suspense fallback={<span className={styles.spacer} />}>
            <LoggedInNav pending={pending} />
          </Suspense>
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
