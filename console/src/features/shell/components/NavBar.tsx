import { Button, Popover, TextField } from '@tranche/ui-kit';
import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { api } from '../../../app/api.ts';
import { paths, routeTo } from '../../../app/paths.ts';
import { endSessionAtom } from '../../session/actions.ts';
import { authStateAtom } from '../../session/atoms.ts';
import * as styles from './NavBar.css.ts';

const mainLinks = [
  { to: paths.newToken, label: 'New Token' },
  { to: paths.tokens, label: 'My Tokens' },
  { to: paths.whitelists, label: 'Whitelists' },
  { to: paths.permissions, label: 'Security' },
] as const;

const accountLinks = [
  { to: paths.keys, label: 'My Keys' },
  { to: paths.sharding, label: 'Sharded keys' },
  { to: paths.resharding, label: 'Reshard key' },
  { to: paths.transactionHistory, label: 'My transactions' },
] as const;

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
          <>
            <ul className={styles.links}>
              {mainLinks.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={styles.link}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <MenuPopover
                  label="Reports"
                  items={[{ to: paths.addrBalance, label: 'Balance by Partition' }]}
                />
              </li>
            </ul>
            <SearchBox />
            <span className={styles.spacer} />
            {pending}
            <AccountMenu />
          </>
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

function SearchBox() {
  const [term, setTerm] = useState('');
  const navigate = useNavigate();
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    const text = term.trim();
    if (!text) return;
    navigate(routeTo.Tokens({ term: text }));
  };
  return (
    <search className={styles.searchLandmark}>
      <form className={styles.search} onSubmit={handleSearch}>
        <TextField
          label="Search tokens"
          labelHidden
          type="search"
          placeholder="Token name or symbol..."
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
    </search>
  );
}

type MenuItem = { to: string; label: string };

function MenuPopover({
  label,
  items,
  children,
}: {
  label: string;
  items: readonly MenuItem[];
  children?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" className={styles.menuTrigger} aria-haspopup="true">
          {label} ▾
        </button>
      </Popover.Trigger>
      <Popover.Content aria-label={label}>
        <ul className={styles.menu}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={styles.menuItem} onClick={() => setOpen(false)}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {children}
        </ul>
      </Popover.Content>
    </Popover.Root>
  );
}

function AccountMenu() {
  const endSession = useSetAtom(endSessionAtom);
  const navigate = useNavigate();
  const handleSignOut = () => {
    // The server ends the session too (POST /logout reads the token before it is cleared below); the console
    // signs out whatever it answers.
    api.call('logout').catch(() => undefined);
    endSession(null);
    navigate(paths.login);
  };
  return (
    <MenuPopover label="My Account" items={accountLinks}>
      <li>
        <button type="button" className={styles.menuItem} onClick={handleSignOut}>
          Sign Out
        </button>
      </li>
    </MenuPopover>
  );
}
