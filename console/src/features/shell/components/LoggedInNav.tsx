import { Button, DropdownMenu, TextField } from '@tranche/ui-kit';
import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { paths, routeTo } from '../../../lib/paths.ts';
import { endSessionAtom } from '../../session/index.ts';
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
  { to: paths.myDistributions, label: 'My distributions' },
  { to: paths.approvals, label: 'Approvals' },
  { to: paths.notificationPreferences, label: 'Notifications' },
  { to: paths.webhooks, label: 'Webhooks' },
] as const;

/**
 * The logged-in part of the navigation bar (links, Reports menu, search, pending dropdown, My Account menu): its
 * own chunk, so the public pages (Login, Sign Up) do not load the menus' Radix and floating-ui code.
 */
export function LoggedInNav({ pending }: { pending?: React.ReactNode }) {
  // A new box per navigation: the search text clears once the user has gone somewhere (results or elsewhere).
  const { key: locationKey } = useLocation();
  return (
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
          <NavMenu label="Reports" items={[{ to: paths.addrBalance, label: 'Balance by Partition' }]} />
        </li>
      </ul>
      <SearchBox key={locationKey} />
      <span className={styles.spacer} />
      {pending}
      <AccountMenu />
    </>
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

/** A menu button (arrow keys, type-ahead, Escape) whose items are router links, plus extra commands. */
function NavMenu({
  label,
  items,
  children,
}: {
  label: string;
  items: readonly MenuItem[];
  children?: React.ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.menuTrigger}>{label} ▾</DropdownMenu.Trigger>
      <DropdownMenu.Content aria-label={label}>
        {items.map((item) => (
          <DropdownMenu.Item key={item.to} asChild>
            <NavLink to={item.to}>{item.label}</NavLink>
          </DropdownMenu.Item>
        ))}
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
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
    <NavMenu label="My Account" items={accountLinks}>
      <DropdownMenu.Item onSelect={handleSignOut}>Sign Out</DropdownMenu.Item>
    </NavMenu>
  );
}
