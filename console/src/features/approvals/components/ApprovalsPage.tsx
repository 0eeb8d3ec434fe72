import type { ApprovalItem, ApprovalsResponse } from '@tranche/api';
import {
  ApprovalCard,
  type ApprovalCardItem,
  Card,
  type ExplorerConfig,
  Heading,
  Stack,
  Text,
} from '@tranche/ui-kit';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { api, describeError } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { useDtxAction } from '../../pending/index.ts';
import { useExplorerConfig } from '../../permissions/index.ts';
import { useInboxKeys } from '../hooks/useInboxKeys.ts';

/** Cards rendered with the first paint; the rest follow in a background render that yields to input. */
const FIRST_CARDS = 12;

function Section({
  title,
  empty,
  items,
  shown,
  selectedTxId,
  busyTxId,
  onSelect,
  onApprove,
  onAbort,
  explorer,
}: {
  title: string;
  empty: string;
  items: ApprovalItem[];
  /** How many of `items` are rendered yet. */
  shown: number;
  selectedTxId: number | undefined;
  busyTxId: number | undefined;
  onSelect: (item: ApprovalCardItem) => void;
  onApprove: (item: ApprovalCardItem) => void;
  onAbort: (item: ApprovalCardItem) => void;
  explorer?: ExplorerConfig;
}) {
  return (
    <section aria-label={title}>
      <Stack space="small">
        <Heading level={2}>
          {title} ({items.length})
        </Heading>
        {items.length === 0 ? <Text tone="muted">{empty}</Text> : null}
        {items.slice(0, shown).map((item) => (
          <ApprovalCard
            key={item.txId}
            item={item}
            selected={selectedTxId === item.txId}
            busy={busyTxId === item.txId}
            onSelect={onSelect}
            onApprove={onApprove}
            onAbort={onAbort}
            explorer={explorer}
          />
        ))}
      </Stack>
    </section>
  );
}

type SectionsProps = Omit<React.ComponentProps<typeof Section>, 'title' | 'empty' | 'items' | 'shown'> & {
  data: ApprovalsResponse;
};

/** Both sections; mounted when the first answer is in, so that its first render shows FIRST_CARDS at once. */
function Sections({ data, ...shared }: SectionsProps) {
  const total = data.needsYou.length + data.waiting.length;
  const shown = useDeferredValue(total, Math.min(total, FIRST_CARDS));
  return (
    <>
      <Section
        title="Needs your approval"
        empty="Nothing waits for your approval."
        items={data.needsYou}
        shown={Math.min(shown, data.needsYou.length)}
        {...shared}
      />
      <Section
        title="Waiting for others"
        empty="Nothing you approved waits for others."
        items={data.waiting}
        shown={Math.max(0, shown - data.needsYou.length)}
        {...shared}
      />
      <Section
        title="Executed and failed"
        empty="None of your keys' operations was executed or failed yet."
        items={data.finished}
        shown={data.finished.length}
        {...shared}
        selectedTxId={undefined}
      />
    </>
  );
}

export type ApprovalsInboxProps = {
  data: ApprovalsResponse;
  /** The operation whose approval or abort runs (its actions are disabled). */
  busyTxId?: number | undefined;
  /** The keys are off while false (a dialog is open). */
  keysEnabled: boolean;
  onApprove: (item: ApprovalCardItem) => void;
  onAbort: (item: ApprovalCardItem) => void;
  /** Where a finished operation's transaction and block link to. */
  explorer?: ExplorerConfig;
};

/**
 * The inbox's sections (the finished operations last, outside the j / k walk), keyboard-first: j / k move the selection (and the focus), a approves the selected
 * operation when it needs the user, x aborts it.
 *
 * Hundreds of cards without jank: the first FIRST_CARDS render at once and the rest in a deferred render, which
 * React splits into short slices that give way to input; the cards are memoised and get callbacks that keep their
 * identity, so a j / k press re-renders the two cards whose selection changed, not the list.
 */
export function ApprovalsInbox({
  data,
  busyTxId,
  keysEnabled,
  onApprove,
  onAbort,
  explorer,
}: ApprovalsInboxProps) {
  const [selected, setSelected] = useState(0);
  const items = useMemo(() => [...data.needsYou, ...data.waiting], [data]);
  const current = Math.min(selected, Math.max(0, items.length - 1));

  const indexOf = useRef(new Map<number, number>());
  indexOf.current = useMemo(() => new Map(items.map((item, index) => [item.txId, index])), [items]);
  const move = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setSelected(next);
    const item = items[next];
    if (item) document.querySelector<HTMLElement>(`[data-approval-card="${item.txId}"]`)?.focus();
  };
  const handlers = useRef({ onApprove, onAbort });
  handlers.current = { onApprove, onAbort };
  const approve = useCallback((item: ApprovalCardItem) => {
    if (!item.approvedByMe) handlers.current.onApprove(item);
  }, []);
  const abort = useCallback((item: ApprovalCardItem) => handlers.current.onAbort(item), []);
  const select = useCallback((item: ApprovalCardItem) => {
    const index = indexOf.current.get(item.txId);
    if (index !== undefined) setSelected(index);
  }, []);
  useInboxKeys(keysEnabled && items.length > 0, {
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
  return (
    <Sections
      data={data}
      selectedTxId={items[current]?.txId}
      busyTxId={busyTxId}
      onSelect={select}
      onApprove={approve}
      onAbort={abort}
      explorer={explorer}
    />
  );
}

/**
 * /Approvals: every pending operation of the user's keys, 'Needs your approval' first, then 'Waiting for others',
 * then the latest executed and failed ones with their outcome.
 */
export function ApprovalsPage() {
  const { state, reload } = useLoad((signal) => api.call('listApprovals', { signal }), []);
  const last = useRef<ApprovalsResponse | null>(null);
  if (state.status === 'ready') last.current = state.data;
  const data = last.current;
  const action = useDtxAction(reload);
  const explorer = useExplorerConfig();
  const start = useRef(action.start);
  start.current = action.start;
  const approve = useCallback(
    (item: ApprovalCardItem) =>
      start.current('approve', { txId: item.txId, publicAddress: item.key.address }),
    [],
  );
  const abort = useCallback(
    (item: ApprovalCardItem) => start.current('abort', { txId: item.txId, publicAddress: item.key.address }),
    [],
  );
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
          <ApprovalsInbox
            data={data}
            busyTxId={action.busyTxId}
            keysEnabled={!action.open}
            onApprove={approve}
            onAbort={abort}
            explorer={explorer}
          />
        ) : null}
      </Stack>
      {action.dialog}
    </Card>
  );
}
