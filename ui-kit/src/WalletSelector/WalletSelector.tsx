import { useState } from 'react';
import { Alert } from '../Alert/Alert.tsx';
import { Button } from '../Button/Button.tsx';
import { Inline } from '../Inline/Inline.tsx';
import { RadioGroup } from '../RadioGroup/RadioGroup.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from '../Text/Text.tsx';

export const walletKinds = ['browser', 'ledger', 'sharded', 'local'] as const;
export type WalletKind = (typeof walletKinds)[number];

export const walletKindLabels: Record<WalletKind, string> = {
  browser: 'Browser wallet (MetaMask or compatible)',
  ledger: 'Hardware Ledger device',
  sharded: 'Use a Sharded Key',
  local: 'Local development account',
};

export type WalletAccount = {
  address: string;
  name?: string;
  /** A line under the account (e.g. its balances, or who uses it). */
  hint?: string;
  /** Accounts with a group are listed under its title after the ungrouped ones (e.g. shared development accounts). */
  group?: { title: string; hint?: string };
};

/** The accounts without a group, then each group in order of first appearance. */
function groupsOf(accounts: readonly WalletAccount[]) {
  const groups: { title: string | null; hint?: string; accounts: WalletAccount[] }[] = [];
  for (const account of accounts) {
    const title = account.group?.title ?? null;
    let group = groups.find((g) => g.title === title);
    if (!group) {
      group = { title, hint: account.group?.hint, accounts: [] };
      if (title === null) groups.unshift(group);
      else groups.push(group);
    }
    group.accounts.push(account);
  }
  return groups;
}

export const walletSelectorTexts = {
  deviceQuestion: 'What kind of device would you like to use?',
  accountQuestion: 'Select your Wallet Account',
  noKind: 'Please select the type of wallet.',
  noAccounts: 'No Ethereum accounts available.',
} as const;

/** 'name - address' when a (sharded) account has a name different from its address. */
export function walletAccountLabel(account: WalletAccount): string {
  return account.name && account.name.toLowerCase() !== account.address.toLowerCase()
    ? `${account.name} - ${account.address}`
    : account.address;
}

export type WalletSelectorProps = {
  /** Adds the 'Local development account' option (only on a local chain). */
  isLocalChain?: boolean;
  /** Connect the chosen kind and resolve with its accounts; a rejection's message is shown. */
  onConnect: (kind: WalletKind) => Promise<readonly WalletAccount[]>;
  onSelectAccount: (account: WalletAccount, kind: WalletKind) => void;
  /** Go back on the first step. */
  onCancel: () => void;
  /** Start on the account step with these accounts (e.g. when reopening). */
  initialAccounts?: { kind: WalletKind; accounts: readonly WalletAccount[] };
};

type Step = { name: 'device' } | { name: 'account'; kind: WalletKind; accounts: readonly WalletAccount[] };

/** Two steps: choose the kind of wallet and connect, then choose one of its accounts. */
export function WalletSelector({
  isLocalChain = false,
  onConnect,
  onSelectAccount,
  onCancel,
  initialAccounts,
}: WalletSelectorProps) {
  const [step, setStep] = useState<Step>(
    initialAccounts ? { name: 'account', ...initialAccounts } : { name: 'device' },
  );
  const [kind, setKind] = useState<WalletKind | null>(initialAccounts?.kind ?? null);
  const [address, setAddress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleConnect = async () => {
    if (!kind) {
      setError(walletSelectorTexts.noKind);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const accounts = await onConnect(kind);
      setAddress(null);
      setStep({ name: 'account', kind, accounts });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  };

  if (step.name === 'device') {
    const kinds = walletKinds.filter((k) => k !== 'local' || isLocalChain);
    return (
      <Stack space="large">
        <RadioGroup
          legend={walletSelectorTexts.deviceQuestion}
          options={kinds.map((k) => ({ value: k, label: walletKindLabels[k] }))}
          value={kind}
          onChange={(value) => {
            setKind(value as WalletKind);
            setError(null);
          }}
        />
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <Inline>
          <Button onClick={handleConnect} loading={busy}>
            Connect
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Go back
          </Button>
        </Inline>
      </Stack>
    );
  }

  const selected = step.accounts.find((account) => account.address === address) ?? null;
  return (
    <Stack space="large">
      {step.accounts.length === 0 ? (
        <Alert tone="danger" title={walletSelectorTexts.accountQuestion}>
          {walletSelectorTexts.noAccounts}
        </Alert>
      ) : (
        <>
          {step.accounts.every((account) => account.group) ? (
            <Text weight="strong">{walletSelectorTexts.accountQuestion}</Text>
          ) : null}
          {groupsOf(step.accounts).map((group) => (
            <RadioGroup
              key={group.title ?? ''}
              legend={group.title ?? walletSelectorTexts.accountQuestion}
              hint={group.hint}
              options={group.accounts.map((account) => ({
                value: account.address,
                label: walletAccountLabel(account),
                description: account.hint,
              }))}
              value={address}
              onChange={setAddress}
            />
          ))}
        </>
      )}
      <Inline>
        <Button disabled={!selected} onClick={() => selected && onSelectAccount(selected, step.kind)}>
          Select Account
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setError(null);
            setStep({ name: 'device' });
          }}
        >
          Go back
        </Button>
      </Inline>
    </Stack>
  );
}
