import { useState } from 'react';
import { Button } from '../Button/Button.tsx';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog.tsx';
import { EmptyState } from '../EmptyState/EmptyState.tsx';
import { TextLink } from '../Link/Link.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../Table/Table.tsx';
import * as styles from './DocumentList.css.ts';

/** A token document (id is the encoded title). */
export type TokenDocument = { id: string; title: string; uri: string; hash: string };

export type DocumentListProps = {
  documents: readonly TokenDocument[];
  onView: (document: TokenDocument) => void;
  /** Only the owner may remove; Remove asks for confirmation first. */
  onRemove?: (document: TokenDocument) => void;
  /** The title of the document being removed. */
  removingId?: string;
};

export const documentListTexts = {
  emptyTitle: 'No documents available',
  emptyText: 'The owner did not attach any documents to this token yet.',
} as const;

/** Documents with View and (for the owner) Remove behind a confirmation. */
export function DocumentList({ documents, onView, onRemove, removingId }: DocumentListProps) {
  const [confirming, setConfirming] = useState<TokenDocument | null>(null);
  if (documents.length === 0) {
    return <EmptyState title={documentListTexts.emptyTitle} text={documentListTexts.emptyText} />;
  }
  return (
    <>
      <Table>
        <TableHead>
          <TableRow>
            <TableHeaderCell>Title</TableHeaderCell>
            <TableHeaderCell>Location</TableHeaderCell>
            <TableHeaderCell>Document hash</TableHeaderCell>
            <TableHeaderCell>Actions</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {documents.map((document) => (
            <TableRow key={document.id}>
              <TableCell>{document.title}</TableCell>
              <TableCell>
                <TextLink href={document.uri} external>
                  {document.uri}
                </TextLink>
              </TableCell>
              <TableCell>
                <span className={styles.hash}>{document.hash || '-'}</span>
              </TableCell>
              <TableCell>
                <span className={styles.actions}>
                  <Button size="small" variant="secondary" onClick={() => onView(document)}>
                    View
                  </Button>
                  {onRemove ? (
                    <Button
                      size="small"
                      variant="danger"
                      loading={removingId === document.id}
                      onClick={() => setConfirming(document)}
                    >
                      Remove
                    </Button>
                  ) : null}
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        tone="danger"
        title="Remove document"
        text={`Do you want to remove the document '${confirming?.title ?? ''}' from this token?`}
        confirmLabel="Remove"
        onConfirm={() => {
          if (confirming && onRemove) onRemove(confirming);
          setConfirming(null);
        }}
      />
    </>
  );
}
