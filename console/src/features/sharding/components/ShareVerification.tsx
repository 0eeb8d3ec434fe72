import { type ShardedKeyResult, type ShardPdf, shardingMessages } from '@tranche/api';
import {
  AccessCodeDialog,
  Alert,
  Badge,
  Button,
  Dialog,
  PdfShareViewer,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
} from '@tranche/ui-kit';
import { type FormEvent, useRef, useState } from 'react';
import { api, describeError } from '../../../lib/api.ts';
import { ErrorAlert } from '../../forms/index.ts';

export type ShareVerificationProps = {
  result: ShardedKeyResult;
  /** Called once the key is active. */
  onActivated: () => void;
  /** Signers (email addresses) the server recorded as having opened their PDF already. */
  initiallyOpened?: string[];
  /** Signers (email addresses) who declined: the key cannot be activated. */
  initiallyDeclined?: string[];
  /** The signed-in signer's email address: they may decline (their own login only). */
  me?: string;
};

/**
 * The signer PDF verification step: each signer, present in front of this screen, opens their PDF with the
 * password mailed to them (the server checks the password and records the opening); Activate Key is enabled once
 * every signer opened theirs and asks for an access code.
 */
export function ShareVerification({
  result,
  onActivated,
  initiallyOpened = [],
  initiallyDeclined = [],
  me,
}: ShareVerificationProps) {
  const [opened, setOpened] = useState<Set<string>>(() => new Set(initiallyOpened));
  const [declined, setDeclined] = useState<Set<string>>(() => new Set(initiallyDeclined));
  const [declining, setDeclining] = useState(false);
  const [viewing, setViewing] = useState<ShardPdf | null>(null);
  const [recordError, setRecordError] = useState<string | null>(null);
  const [commitOpen, setCommitOpen] = useState(false);
  const [committing, setCommitting] = useState(false);
  const [commitError, setCommitError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  // The viewer asks for the password itself; the last one typed is read as its form is submitted.
  const typedPassword = useRef('');

  const notOpened = result.shares.find((share) => !opened.has(share.emailAddress));
  const declinedBy = result.shares.find((share) => declined.has(share.emailAddress));

  const decline = async () => {
    setDeclining(true);
    try {
      const status = await api.call('declineShardedKey', { body: { publicKey: result.publicAddress } });
      setDeclined(
        new Set(status.signers.filter((signer) => signer.declined).map((signer) => signer.emailAddress)),
      );
    } catch (failure) {
      setError(failure);
    } finally {
      setDeclining(false);
    }
  };

  const capturePassword = (event: FormEvent) => {
    const input = (event.target as HTMLElement).querySelector?.('input');
    if (input instanceof HTMLInputElement) typedPassword.current = input.value;
  };

  const recordOpened = async (share: ShardPdf) => {
    setRecordError(null);
    try {
      const status = await api.call('shardOpened', {
        body: {
          publicKey: result.publicAddress,
          emailAddress: share.emailAddress,
          pdfPassword: typedPassword.current,
        },
      });
      setOpened(
        new Set(status.signers.filter((signer) => signer.opened).map((signer) => signer.emailAddress)),
      );
    } catch (failure) {
      setRecordError(describeError(failure).message);
    } finally {
      typedPassword.current = '';
    }
  };

  const commit = async (accessCode: string) => {
    setCommitting(true);
    setCommitError(undefined);
    try {
      await api.call('commitShardedKey', { body: { publicKey: result.publicAddress, accessCode } });
      setCommitOpen(false);
      onActivated();
    } catch (failure) {
      setCommitError(describeError(failure).message);
    } finally {
      setCommitting(false);
    }
  };

  return (
    <Stack space="medium">
      <Text>
        Key {result.name} ({result.publicAddress}): {result.minimum} of {result.total} signers must approve
        each transaction. Each signer opens their own PDF document with the password we emailed them, and
        keeps the access code it shows.
      </Text>
      <ErrorAlert error={error} onDismiss={() => setError(null)} />
      <Table caption="Signers" cardsOnPhone>
        <TableHead>
          <TableRow>
            <TableHeaderCell>Signer</TableHeaderCell>
            <TableHeaderCell>Email</TableHeaderCell>
            <TableHeaderCell>PDF document</TableHeaderCell>
            <TableHeaderCell>Options</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.shares.map((share) => (
            <TableRow key={share.emailAddress}>
              <TableCell label="Signer">{share.profileName}</TableCell>
              <TableCell label="Email">{share.emailAddress}</TableCell>
              <TableCell label="PDF document">
                {declined.has(share.emailAddress) ? (
                  <Badge tone="danger">Declined</Badge>
                ) : opened.has(share.emailAddress) ? (
                  <Badge tone="success">Opened</Badge>
                ) : (
                  <Badge tone="warning">Not opened</Badge>
                )}
              </TableCell>
              <TableCell>
                {declined.has(share.emailAddress) ? null : share.pdf === '' ? (
                  <Text>{shardingMessages.pdfOnOwnLogin(share.profileName)}</Text>
                ) : (
                  <Button
                    size="small"
                    variant="secondary"
                    onClick={() => {
                      setRecordError(null);
                      setViewing(share);
                    }}
                  >
                    Open PDF of {share.profileName}
                  </Button>
                )}{' '}
                {share.emailAddress === me && !declined.has(share.emailAddress) ? (
                  <Button size="small" variant="secondary" loading={declining} onClick={() => void decline()}>
                    Decline to be a signer
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {declinedBy ? (
        <Alert tone="danger">{shardingMessages.signerDeclined(declinedBy.profileName)}</Alert>
      ) : notOpened ? (
        <Alert tone="warning">{shardingMessages.notOpened(notOpened.profileName)}</Alert>
      ) : null}
      <div>
        <Button
          disabled={notOpened !== undefined || declinedBy !== undefined}
          onClick={() => {
            setCommitError(undefined);
            setCommitOpen(true);
          }}
        >
          Activate Key
        </Button>
      </div>
      <Dialog.Root open={viewing !== null} onOpenChange={(open) => (open ? undefined : setViewing(null))}>
        {viewing ? (
          <Dialog.Content title={`PDF document of ${viewing.profileName}`} size="large">
            <Stack space="medium">
              {recordError ? <Alert tone="danger">{recordError}</Alert> : null}
              {opened.has(viewing.emailAddress) ? (
                <Alert tone="success">
                  {viewing.profileName}: note your access code, then close this document.
                </Alert>
              ) : null}
              <div onSubmitCapture={capturePassword}>
                <PdfShareViewer
                  data={viewing.pdf}
                  title={`Key share of ${viewing.emailAddress}`}
                  onOpened={() => void recordOpened(viewing)}
                />
              </div>
              <Dialog.Footer>
                <Dialog.Close asChild>
                  <Button variant="secondary">Close</Button>
                </Dialog.Close>
              </Dialog.Footer>
            </Stack>
          </Dialog.Content>
        ) : null}
      </Dialog.Root>
      <AccessCodeDialog
        open={commitOpen}
        onOpenChange={setCommitOpen}
        onSubmit={(code) => void commit(code)}
        busy={committing}
        error={commitError}
        confirmLabel="Activate Key"
      />
    </Stack>
  );
}
