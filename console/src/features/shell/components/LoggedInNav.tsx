import { Button, DropdownMenu, TextField } from '@tranche/ui-kit';
import { useAtom, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { paths, routeTo } from '../../../lib/paths.ts';
import { endSessionAtom } from '../../session/index.ts';
import { isThemePreference, themePreferenceAtom } from '../atoms.ts';
import * as styles from './NavBar.css.ts';

const mainLinks = [
  { to: paths.newToken, label: 'New Token' },
  { to: paths.tokens, label: 'My Tokens' },
  { to: paths.whitelists, label: 'Whitelists' },
  { to: paths.permissions, label: 'Security' },
] as const;

/** The spec's Reports menu (Balance by Partition), and a token's reports at a block (/Reports, issue 37). */
const reportLinks = [
  { to: paths.addrBalance, label: 'Balance by Partition' },
  { to: paths.reports, label: 'Token reports' },
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
  // On a phone the links sit behind a menu button; it is open for the page it was opened on, so following a link
  // (any navigation) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === locationKey;
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Escape closes the open panel and gives the focus back to its button (an open Reports or My Account menu takes
  // its own Escape first).
  useEffect(() => {
    if (!open) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      const inMenu = event.target instanceof Element && event.target.closest('[role="menu"]');
      if (event.key !== 'Escape' || inMenu) return;
      setOpenOn(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [open]);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : locationKey)}
      >
        <span aria-hidden="true" className={styles.menuIcon} />
        Menu
      </button>
      <div id={panelId} className={styles.panel} data-open={open}>
        <ul className={styles.links}>
          {mainLinks.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={styles.link}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavMenu label="Reports" items={reportLinks} />
          </li>
        </ul>
        <SearchBox key={locationKey} />
        <span className={styles.spacer} />
        <div className={styles.panelEnd}>
          {pending}
          <AccountMenu />
        </div>
      </div>
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
      <DropdownMenu.Separator />
      <ThemeChoice />
      <DropdownMenu.Separator />
      <DropdownMenu.Item onSelect={handleSignOut}>Sign Out</DropdownMenu.Item>
    </NavMenu>
  );
}

/** System, Light or Dark, remembered in this browser (features/shell/atoms.ts). */
function ThemeChoice() {
  const [preference, setPreference] = useAtom(themePreferenceAtom);
  const labelId = useId();
  return (
    <>
      <DropdownMenu.Label id={labelId}>Theme</DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        aria-labelledby={labelId}
        value={preference}
        onValueChange={(value) => {
          if (isThemePreference(value)) setPreference(value);
        }}
      >
        <DropdownMenu.RadioItem value="system">System</DropdownMenu.RadioItem>
        <DropdownMenu.RadioItem value="light">Light</DropdownMenu.RadioItem>
        <DropdownMenu.RadioItem value="dark">Dark</DropdownMenu.RadioItem>
      </DropdownMenu.RadioGroup>
    </>
  );
}
