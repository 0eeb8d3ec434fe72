import {
  addressPattern,
  countOf,
  defaultTemplate,
  expirySeconds,
  templateFieldError,
  templateFieldValue,
  type TemplateValue,
  type WhitelistErrorItem,
  type WhitelistListItem,
  whitelistMessages,
  whitelistServerMessages,
  whitelistTemplates,
} from '@tranche/api';
import {
  Alert,
  Button,
  Select,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  TextField,
} from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useChainClock } from '../../config/index.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { isWalletConnected, useSelectWallet, useWallet } from '../../wallet/index.ts';
import { NotSavedAlert } from './NotSavedAlert.tsx';
import { TemplateFields } from './TemplateFields.tsx';

/** Addresses per POST /whitelist/bulk from the console (the server batches each into transactions). */
export const saveChunk = 1000;

type QueuedAddress = {
  targetAddress: string;
  legalName: string;
  contactDetails: Record<string, TemplateValue>;
  /** Issue 36: when the KYC stops being valid (YYYY-MM-DD), whitelists on smart contract 2 only. */
  expiresAt?: string;
};
type FieldErrors = Partial<Record<string, string>>;

/** Tab 'New Address': enqueue addresses with the template's fields, then Save them with the wallet. */
export function NewAddressTab({ whitelists }: { whitelists: WhitelistListItem[] }) {
  const wallet = useWallet();
  const selectWallet = useSelectWallet();
  const [whitelist, setWhitelist] = useState('');
  const [publicAddress, setPublicAddress] = useState('');
  const [template, setTemplate] = useState<string>(defaultTemplate.name);
  const [fields, setFields] = useState<Record<string, TemplateValue>>({});
  const [expiresAt, setExpiresAt] = useState('');
  const clock = useChainClock();
  // Whitelists on smart contract 2 (WhitelistV2) hold a KYC expiry.
  const holdsExpiry = (whitelists.find((w) => w.address === whitelist)?.codebaseId ?? 1) >= 2;
  const chosenTemplate = whitelistTemplates.find((t) => t.name === template);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [queue, setQueue] = useState<QueuedAddress[]>([]);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ message: string; items: WhitelistErrorItem[] } | null>(null);
  const [error, setError] = useState<unknown>(null);

  const enqueue = (event: React.FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    const address = publicAddress.trim();
    if (!whitelist) next.whitelist = whitelistMessages.whitelistRequired;
    else if (!addressPattern.test(whitelist)) next.whitelist = whitelistMessages.whitelistInvalid;
    if (!address) next.publicAddress = whitelistMessages.publicAddressRequired;
    else if (!addressPattern.test(address)) next.publicAddress = whitelistMessages.publicAddressInvalid;
    if (!chosenTemplate) next.template = whitelistMessages.templateRequired;
    else {
      for (const field of chosenTemplate.fields) {
        const message = templateFieldError(field, fields[field.name]);
        if (message) next[field.name] = message;
      }
    }
    const expiry = holdsExpiry ? expiresAt.trim() : '';
    const seconds = expiry ? expirySeconds(expiry) : undefined;
    if (expiry && seconds === undefined) next.expiresAt = whitelistServerMessages.expiresAtInvalid;
    else if (seconds !== undefined && seconds * 1000 <= clock.now())
      next.expiresAt = whitelistServerMessages.expiryNotInFuture;
    setFieldErrors(next);
    if (Object.keys(next).length > 0 || !chosenTemplate) return;
    const targetAddress = address.toLowerCase();
    const contactDetails: Record<string, TemplateValue> = {};
    for (const field of chosenTemplate.fields) {
      const value = templateFieldValue(field, fields[field.name]);
      if (field.name !== 'legalName' && value !== undefined && value !== '')
        contactDetails[field.name] = value;
    }
    setQueue((current) => [
      ...current.filter((entry) => entry.targetAddress !== targetAddress),
      {
        targetAddress,
        legalName: String(fields.legalName ?? '').trim(),
        contactDetails,
        ...(expiry ? { expiresAt: expiry } : {}),
      },
    ]);
    setPublicAddress('');
    setFields({});
    setExpiresAt('');
    setSaved(null);
  };

  const save = async () => {
    setError(null);
    setFailure(null);
    setSaved(null);
    if (queue.length === 0) {
      setError(new Error(whitelistMessages.addressesRequired));
      return;
    }
    if (!isWalletConnected(wallet)) {
      setError(new Error(whitelistMessages.notConnected));
      return;
    }
    setSaving(true);
    try {
      const chosen = whitelists.find((w) => w.address === whitelist);
      const asset = chosen
        ? (await api.call('getSchemeAsset', { params: { contractAddress: chosen.scheme } })).asset
        : undefined;
      const failed: WhitelistErrorItem[] = [];
      let done = 0;
      for (let i = 0; i < queue.length; i += saveChunk) {
        const chunk = queue.slice(i, i + saveChunk);
        setProgress(`Saving ${Math.min(i + chunk.length, queue.length)} of ${queue.length} addresses`);
        const answer = await api.call('whitelistBulk', {
          body: {
            txMode: 2,
            accountAddress: wallet.address,
            whitelistAddress: whitelist,
            asset,
            addresses: chunk,
          },
        });
        failed.push(...answer.errorMessages);
        done += answer.saved + answer.unchanged;
      }
      if (failed.length > 0) {
        const failedAddresses = new Set(failed.map((item) => item.legend));
        setQueue((current) => current.filter((entry) => failedAddresses.has(entry.targetAddress)));
        setFailure({
          message: `${failed.length} of ${queue.length} addresses were not saved.`,
          items: failed,
        });
      } else {
        setQueue([]);
      }
      setSaved(done);
    } catch (failed) {
      setError(failed);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  return (
    <Stack space="medium">
      <form onSubmit={enqueue} noValidate aria-label="New Address">
        <Stack space="medium">
          <Select
            label="Whitelist"
            placeholder="Select a whitelist"
            options={whitelists.map((w) => ({ value: w.address, label: w.name }))}
            value={whitelist}
            onChange={setWhitelist}
            error={fieldErrors.whitelist}
          />
          <TextField
            label="Public address"
            placeholder="0x..."
            value={publicAddress}
            onChange={(event) => setPublicAddress(event.target.value)}
            error={fieldErrors.publicAddress}
          />
          <Select
            label="Template"
            placeholder="Select a template"
            options={whitelistTemplates.map((t) => ({ value: t.name, label: t.name }))}
            value={template}
            onChange={(name) => {
              setTemplate(name);
              setFieldErrors({});
            }}
            error={fieldErrors.template}
          />
          {chosenTemplate ? (
            <TemplateFields
              template={chosenTemplate}
              values={fields}
              errors={fieldErrors}
              onChange={(name, value) => setFields((current) => ({ ...current, [name]: value }))}
            />
          ) : null}
          {holdsExpiry ? (
            <TextField
              label="KYC expiry date (optional)"
              type="date"
              value={expiresAt}
              onChange={(event) => setExpiresAt(event.target.value)}
              error={fieldErrors.expiresAt}
            />
          ) : null}
          <div>
            <Button type="submit" variant="secondary">
              Enqueue
            </Button>
          </div>
        </Stack>
      </form>
      <ErrorAlert error={error} onDismiss={() => setError(null)} />
      {error instanceof Error && error.message === whitelistMessages.notConnected ? (
        <div>
          <Button variant="secondary" onClick={() => void selectWallet()}>
            Connect
          </Button>
        </div>
      ) : null}
      {failure ? <NotSavedAlert message={failure.message} items={failure.items} /> : null}
      {saved !== null && !failure ? (
        <Alert tone="success">{`${countOf(saved, 'address', 'addresses')} saved`}</Alert>
      ) : null}
      {progress ? <Spinner label={progress} /> : null}
      <Table caption="Pending changes">
        <TableHead>
          <TableRow>
            <TableHeaderCell>Public address</TableHeaderCell>
            <TableHeaderCell>Legal name</TableHeaderCell>
            <TableHeaderCell>Options</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {queue.map((entry) => (
            <TableRow key={entry.targetAddress}>
              <TableCell>{entry.targetAddress}</TableCell>
              <TableCell>{entry.legalName}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={`Remove ${entry.targetAddress}`}
                  onClick={() =>
                    setQueue((current) => current.filter((e) => e.targetAddress !== entry.targetAddress))
                  }
                >
                  Remove
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div>
        <Button disabled={queue.length === 0 || saving} loading={saving} onClick={() => void save()}>
          Save
        </Button>
      </div>
    </Stack>
  );
}
