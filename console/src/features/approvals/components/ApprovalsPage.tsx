import type { ApprovalItem, ApprovalsResponse } from '@tranche/api';
import { ApprovalCard, Card, Heading, Stack, Text } from '@tranche/ui-kit';
import { useRef, useState } from 'react';
import { api, describeError } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { useDtxAction } from '../../pending/index.ts';
import { useInboxKeys } from '../hooks/useInboxKeys.ts';

function Section({
  title,
  empty,
  items,
  offset,
  selected,
  busyTxId,
  cards,
  onSelect,
  onApprove,
  onAbort,
}: {
  title: string;
  empty: string;
  items: ApprovalItem[];
  offset: number;
  selected: number;
  busyTxId: number | undefined;
  cards: React.RefObject<(HTMLElement | null)[]>;
  onSelect: (index: number) => void;
  onApprove: (item: ApprovalItem) => void;
  onAbort: (item: ApprovalItem) => void;
}) {
  return (
    <section aria-label={title}>
      <Stack space="small">
        <Heading level={2}>
          {title} ({items.length})
        </Heading>
        {items.length === 0 ? <Text tone="muted">{empty}</Text> : null}
        {items.map((item, i) => (
          <ApprovalCard
            key={item.txId}
            ref={(element) => {
              cards.current[offset + i] = element;
            }}
            item={item}
            selected={selected === offset + i}
            busy={busyTxId === item.txId}
            onSelect={() => onSelect(offset + i)}
            onApprove={() => onApprove(item)}
            onAbort={() => onAbort(item)}
          />
        ))}
      </Stack>
    </section>
  );
}

/**
 * /Approvals: every pending operation of the user's keys, 'Needs your approval' first, then 'Waiting for others';
 * keyboard-first (j/k move, a approves, x aborts; the access code dialog confirms each).
 */
export function ApprovalsPage() {
  const { state, reload } = useLoad((signal) => api.call('listApprovals', { signal }), []);
  const last = useRef<ApprovalsResponse | null>(null);
  if (state.status === 'ready') last.current = state.data;
  const data = last.current;
  const action = useDtxAction(reload);
  const [selected, setSelected] = useState(0);
  const cards = useRef<(HTMLElement | null)[]>([]);
  const items = data ? [...data.needsYou, ...data.waiting] : [];
  const current = Math.min(selected, Math.max(0, items.length - 1));

  const move = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setSelected(next);
    cards.current[next]?.focus();
  };
  const approve = (item: ApprovalItem) => {
    if (!item.approvedByMe) action.start('approve', { txId: item.txId, publicAddress: item.key.address });
  };
  const abort = (item: ApprovalItem) =>
    action.start('abort', { txId: item.txId, publicAddress: item.key.address });
  useInboxKeys(!action.open && items.length > 0, {
    onNext: () => move(current + 1),
    onPrevious: () => move(current - 1),
    onApprove: () => {
      const item = items[current];
      if (item) approve(item);
    },
    onAbort: () => {
      const item = items[current];
      if (item) abort(item);
    },
  });

  const shared = {
    selected: current,
    busyTxId: action.busyTxId,
    cards,
    onSelect: setSelected,
    onApprove: approve,
    onAbort: abort,
  };
  return (
    <Card title="Approvals" titleLevel={1}>
      <Stack space="large">
        <Text tone="muted" size="small">
          Keys: j / k move, a approves, x aborts (each asks for your access code).
        </Text>
        {state.status === 'error' && !data ? (
          <Text tone="danger">{describeError(state.error).message}</Text>
        ) : null}
        {state.status === 'loading' && !data ? <Text tone="muted">Loading…</Text> : null}
        {data ? (
          <>
            <Section
              title="Needs your approval"
              empty="Nothing waits for your approval."
              items={data.needsYou}
              offset={0}
              {...shared}
            />
            <Section
              title="Waiting for others"
              empty="Nothing you approved waits for others."
              items={data.waiting}
              offset={data.needsYou.length}
              {...shared}
            />
          </>
        ) : null}
      </Stack>
      {action.dialog}
    </Card>
  );
}
