import { Skeleton } from '@tranche/ui-kit';
import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import * as styles from './Layout.css.ts';
import { NavBar } from './NavBar.tsx';

export type LayoutProps = {
  /** The header strip under the navigation bar (wallet status). */
  strip?: ReactNode;
  /** The pending transactions dropdown. */
  pending?: ReactNode;
  /** Overlays: notifications, the wallet selector. */
  overlays?: ReactNode;
};

/** The frame of every page: navigation bar, header strip, the page, notifications. */
export function Layout({ strip, pending, overlays }: LayoutProps) {
  return (
    <>
      <NavBar pending={pending} />
      {strip}
      <main id="main" className={styles.main}>
        <Suspense fallback={<Skeleton label="Loading the page" />}>
          <Outlet />
        </Suspense>
      </main>
      {overlays}
    </>
  );
}

/** Narrow column for the account forms. */
export function NarrowPage({ children }: { children: ReactNode }) {
  return <div className={styles.narrow}>{children}</div>;
}
