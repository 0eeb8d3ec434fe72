import { type Auditor, auditorRequestSchema } from '@tranche/api';
import {
  Button,
  Card,
  Inline,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
  TextField,
} from '@tranche/ui-kit';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { ErrorAlert } from '../../forms/index.ts';

/** The owner's list of the token's read-only auditors: grant by email, revoke. */
export function AuditorsCard({ symbol }: { symbol: string }) {
  const { state, reload } = useLoad(
    (signal) => api.call('listAuditors', { params: { symbol }, signal }),
    [symbol],
  );
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const change = async (action: 'grantAuditor' | 'revokeAuditor', address: string) => {
    setError(null);
    setBusy(true);
    try {
      await api.call(action, { params: { symbol }, body: { email: address } });
      if (action === 'grantAuditor') setEmail('');
      reload();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const handleGrant = () => {
    const parsed = auditorRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    void change('grantAuditor', parsed.data.email);
  };

  const auditors: Auditor[] = state.status === 'ready' ? state.data : [];
  return (
    <Card title="Auditors">
      <Stack space="medium">
        <Text tone="muted">
          An auditor sees this token's registers, holders, history and this log, and prepares and downloads
          regulator packs; an auditor cannot act on the token.
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            handleGrant();
          }}
        >
          <Inline space="small" align="flex-end">
            <TextField
              label="Auditor's email address"
              type="email"
              value={email}
              error={fieldError}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Button type="submit" loading={busy}>
              Grant the Auditor role
            </Button>
          </Inline>
        </form>
        <ErrorAlert error={error} onDismiss={() => setError(null)} />
        {state.status === 'error' ? <ErrorAlert error={state.error} /> : null}
        {state.status === 'ready' && auditors.length === 0 ? <Text tone="muted">No auditors.</Text> : null}
        {auditors.length > 0 ? (
          <Table caption={`Auditors of ${symbol}`} cardsOnPhone>
            <TableHead>
              <TableRow>
                <TableHeaderCell>Auditor</TableHeaderCell>
                <TableHeaderCell>Granted</TableHeaderCell>
                <TableHeaderCell>Actions</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {auditors.map((auditor) => (
                <TableRow key={auditor.email}>
                  <TableCell label="Auditor">{`${auditor.profileName} (${auditor.email})`}</TableCell>
                  <TableCell label="Granted">
                    {new Date(auditor.grantedOn).toLocaleDateString('en-GB', { timeZone: 'UTC' })}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      variant="danger"
                      disabled={busy}
                      onClick={() => void change('revokeAuditor', auditor.email)}
                      aria-label={`Revoke ${auditor.email}`}
                    >
                      Revoke
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </Stack>
    </Card>
  );
}
