import { Badge, type BadgeTone } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../Table/Table.tsx';
import { formatClock, formatDate } from '../TimeAgo/timeAgoText.ts';
import * as styles from './DeliveryLog.css.ts';

export const deliveryStatuses = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** One attempt to deliver one event to a webhook endpoint. */
export type WebhookDeliveryRow = {
  id: number;
  eventId: string;
  eventType: string;
  /** Which attempt of this event this row is (1 = first). */
  attempt: number;
  status: DeliveryStatus;
  /** The endpoint's HTTP status code; null when it did not answer. */
  statusCode: number | null;
  /** ISO time of the attempt. */
  attemptedOn: string;
  error?: string | null;
};

export type DeliveryLogProps = {
  deliveries: readonly WebhookDeliveryRow[];
  onReplay: (delivery: WebhookDeliveryRow) => void;
  /** The delivery whose replay is running. */
  replayingId?: number;
};

const tones: Record<DeliveryStatus, BadgeTone> = {
  pending: 'neutral',
  retrying: 'warning',
  delivered: 'success',
  failed: 'danger',
};

function when(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(date)} ${formatClock(date)}`;
}

/** The attempts to deliver a webhook's events: event, attempt, status code, time, and Replay. */
export function DeliveryLog({ deliveries, onReplay, replayingId }: DeliveryLogProps) {
  if (deliveries.length === 0) return <p className={styles.empty}>No deliveries yet.</p>;
  return (
    <Table caption="Deliveries">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Event</TableHeaderCell>
          <TableHeaderCell>Event id</TableHeaderCell>
          <TableHeaderCell align="right">Attempt</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell align="right">Code</TableHeaderCell>
          <TableHeaderCell>When</TableHeaderCell>
          <TableHeaderCell>
            <span className={styles.empty} hidden>
              Actions
            </span>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {deliveries.map((delivery) => (
          <TableRow key={delivery.id}>
            <TableCell>{delivery.eventType}</TableCell>
            <TableCell>
              <span className={styles.mono}>{delivery.eventId}</span>
            </TableCell>
            <TableCell align="right">{delivery.attempt}</TableCell>
            <TableCell>
              <Badge tone={tones[delivery.status]}>{delivery.status}</Badge>
              {delivery.error ? <p className={styles.error}>{delivery.error}</p> : null}
            </TableCell>
            <TableCell align="right">{delivery.statusCode ?? '—'}</TableCell>
            <TableCell>{when(delivery.attemptedOn)}</TableCell>
            <TableCell>
              <Button
                size="small"
                variant="secondary"
                loading={replayingId === delivery.id}
                onClick={() => onReplay(delivery)}
                aria-label={`Replay ${delivery.eventType} ${delivery.eventId}`}
              >
                Replay
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
