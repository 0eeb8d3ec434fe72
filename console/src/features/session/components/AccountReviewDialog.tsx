import { type AccountReviewItem, accountReviewMessages } from '@tranche/api';
import {
  Button,
  Dialog,
  Inline,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
} from '@tranche/ui-kit';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { api, describeError } from '../../../lib/api.ts';
import { notifyAtom } from '../../notifications/index.ts';

/**
 * After a password reset (issue 33): the webhooks, proved wallets and registered keys added before it, each to keep
 * or remove. Opens by itself after login while anything waits (webhooks stay paused until kept); closing it leaves
 * the rest for the next login.
 */
export function AccountReviewDialog() {
  const [items, setItems] = useState<AccountReviewItem[]>([]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useSetAtom(notifyAtom);

  useEffect(() => {
    const controller = new AbortController();
    api.call('accountReview', { signal: controller.signal }).then(
      (review) => {
        setItems(review.items);
        setOpen(review.items.length > 0);
      },
      // Nothing to show when the review cannot be read; the next login asks again.
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const decide = async (item: AccountReviewItem, decision: 'keepReviewItem' | 'removeReviewItem') => {
    setBusy(true);
    try {
      const review = await api.call(decision, { body: { kind: item.kind, id: item.id } });
      setItems(review.items);
    } catch (failure) {
      notify({ text: describeError(failure).message, state: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      {open ? (
        <Dialog.Content title={accountReviewMessages.title} size="large">
          <Stack space="medium">
            {items.length === 0 ? (
              <Text>{accountReviewMessages.done}</Text>
            ) : (
              <>
                <Text>{accountReviewMessages.intro}</Text>
                <Table caption="Added before the password reset">
                  <TableHead>
                    <TableRow>
                      <TableHeaderCell>What</TableHeaderCell>
                      <TableHeaderCell>URL or address</TableHeaderCell>
                      <TableHeaderCell>Added on</TableHeaderCell>
                      <TableHeaderCell>Actions</TableHeaderCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {items.map((item) => (
                      <TableRow key={`${item.kind}:${item.id}`}>
                        <TableCell>{accountReviewMessages.kinds[item.kind]}</TableCell>
                        <TableCell>{item.label}</TableCell>
                        <TableCell>{new Date(item.createdOn).toLocaleString()}</TableCell>
                        <TableCell>
                          <Inline space="xsmall">
                            <Button
                              size="small"
                              variant="secondary"
                              disabled={busy}
                              onClick={() => void decide(item, 'keepReviewItem')}
                              aria-label={`${accountReviewMessages.keep} ${item.label}`}
                            >
                              {accountReviewMessages.keep}
                            </Button>
                            <Button
                              size="small"
                              variant="danger"
                              disabled={busy}
                              onClick={() => void decide(item, 'removeReviewItem')}
                              aria-label={`${accountReviewMessages.remove} ${item.label}`}
                            >
                              {accountReviewMessages.remove}
                            </Button>
                          </Inline>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            )}
            <Dialog.Footer>
              <Dialog.Close asChild>
                <Button variant={items.length === 0 ? 'primary' : 'secondary'}>
                  {items.length === 0 ? 'Close' : 'Decide later'}
                </Button>
              </Dialog.Close>
            </Dialog.Footer>
          </Stack>
        </Dialog.Content>
      ) : null}
    </Dialog.Root>
  );
}
