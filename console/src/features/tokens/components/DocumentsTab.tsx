import { addDocumentFormSchema, documentMessages, tokenOperationMessages as m, txTypes } from '@tranche/api';
import {
  Alert,
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
  TextField,
} from '@tranche/ui-kit';
import { encodeBytes32String } from 'ethers';
import { api } from '../../../lib/api.ts';
import { useZodForm } from '../../forms/index.ts';
import { type DisabledReason, documentHashBytes, ReasonAlert } from './shared.tsx';
import type { TokenOps } from './types.ts';

/** Documents: the list with View and Remove, and the Add Document form (owner only). */
export function DocumentsTab({ ops }: { ops: TokenOps }) {
  const { token, rights } = ops;
  const reason: DisabledReason = rights.isOwner
    ? null
    : { title: m.insufficientPermissionsTitle, text: m.notOwnerDocuments };
  const form = useZodForm(addDocumentFormSchema, { defaultValues: { title: '', uri: '', hash: '' } });
  const errors = form.formState.errors;

  const handleAdd = form.handleSubmit(async (values) => {
    if (ops.useServer) {
      await ops.submit(txTypes.addDocument, (accountAddress) =>
        api.call('addDocument', {
          body: { symbol: token.projectCode, accountAddress, txMode: 2, ...values },
        }),
      );
    } else {
      await ops.sign(txTypes.addDocument, 'setDocument', [
        encodeBytes32String(values.title),
        values.uri,
        documentHashBytes(values.hash),
      ]);
    }
  });

  const handleRemove = (document: { id: string; title: string }) =>
    ops.confirm({
      title: 'Remove document',
      text: `Remove the document ${document.title}?`,
      onConfirm: () =>
        void (ops.useServer
          ? ops.submit(txTypes.removeDocument, (accountAddress) =>
              api.call('removeDocument', {
                body: { symbol: token.projectCode, accountAddress, txMode: 2, title: document.title },
              }),
            )
          : ops.sign(txTypes.removeDocument, 'removeDocument', [document.id])),
    });

  return (
    <Stack space="large">
      {token.documents.length === 0 ? (
        <Alert tone="primary" title={documentMessages.noDocumentsTitle}>
          {documentMessages.noDocuments}
        </Alert>
      ) : (
        <Table caption="Documents" cardsOnPhone>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Title</TableHeaderCell>
              <TableHeaderCell>Location</TableHeaderCell>
              <TableHeaderCell>Hash</TableHeaderCell>
              <TableHeaderCell>Options</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {token.documents.map((document) => (
              <TableRow key={document.id}>
                <TableCell label="Title">{document.title}</TableCell>
                <TableCell label="Location">{document.uri}</TableCell>
                <TableCell label="Hash">{document.hash}</TableCell>
                <TableCell>
                  <Inline space="small">
                    <Button
                      size="small"
                      variant="secondary"
                      onClick={() => window.open(document.uri, '_blank', 'noopener')}
                    >
                      View
                    </Button>
                    <Button
                      size="small"
                      variant="danger"
                      disabled={reason !== null}
                      aria-label={`Remove ${document.title}`}
                      onClick={() => handleRemove(document)}
                    >
                      Remove
                    </Button>
                  </Inline>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Card title="Add Document">
        <form onSubmit={handleAdd} noValidate aria-label="Add Document">
          <Stack>
            <ReasonAlert reason={reason} />
            <TextField
              label="Title"
              disabled={reason !== null}
              {...form.register('title')}
              error={errors.title?.message}
            />
            <TextField
              label="Location"
              disabled={reason !== null}
              {...form.register('uri')}
              error={errors.uri?.message}
            />
            <TextField
              label="Document hash"
              disabled={reason !== null}
              {...form.register('hash')}
              error={errors.hash?.message}
            />
            <Inline>
              <Button type="submit" disabled={reason !== null} loading={form.formState.isSubmitting}>
                Add Document
              </Button>
            </Inline>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
