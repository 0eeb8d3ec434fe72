import type { LocalDecodedArg, LocalDecodedCall, LocalDecodedEvent } from '@tranche/api';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow, Text } from '@tranche/ui-kit';
import { ChainLink } from '../../history/index.ts';
import * as styles from './Decoded.css.ts';

function ArgValue({ arg }: { arg: LocalDecodedArg }) {
  if (arg.type === 'address') return <ChainLink kind="address" value={arg.value} />;
  return (
    <Text as="span" mono={arg.value.startsWith('0x')} breakAll>
      {arg.value}
    </Text>
  );
}

/** Named arguments of a decoded call or event, one per line. */
export function DecodedArgs({ args }: { args: LocalDecodedArg[] }) {
  if (args.length === 0)
    return (
      <Text as="span" tone="muted">
        No arguments
      </Text>
    );
  return (
    <ul className={styles.argList}>
      {args.map((arg) => (
        <li key={arg.name}>
          <span className={styles.argName}>{`${arg.name} (${arg.type}): `}</span>
          <ArgValue arg={arg} />
        </li>
      ))}
    </ul>
  );
}

/** The function a transaction calls, by name, with its named arguments. */
export function DecodedCall({ call }: { call: LocalDecodedCall }) {
  return (
    <>
      <Text as="p" weight="strong">
        {call.name}
      </Text>
      <DecodedArgs args={call.args} />
    </>
  );
}

/** The call data as sent, behind a disclosure (the decoded call is what people read). */
export function RawInput({ input }: { input: string }) {
  return (
    <details>
      <summary
        className={styles.summary}
      >{`Show the raw input data (${(input.length - 2) / 2} bytes)`}</summary>
      <pre className={styles.raw}>{input}</pre>
    </details>
  );
}

/** The events a transaction logged, decoded with the platform's ABIs. */
export function EventList({ events }: { events: LocalDecodedEvent[] }) {
  return (
    <Table caption="Events logged by this transaction:">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Event</TableHeaderCell>
          <TableHeaderCell>Contract</TableHeaderCell>
          <TableHeaderCell>Arguments</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((event) => (
          <TableRow key={event.index}>
            <TableCell>
              {event.name ? (
                <Text as="span" weight="strong">
                  {event.name}
                </Text>
              ) : (
                <Text as="span" tone="muted">
                  {`Unknown event (topic ${event.signature})`}
                </Text>
              )}
            </TableCell>
            <TableCell>
              <ChainLink kind="address" value={event.address} />
            </TableCell>
            <TableCell>
              <DecodedArgs args={event.args} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
