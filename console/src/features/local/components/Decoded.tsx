import type { LocalDecodedArg, LocalDecodedCall, LocalDecodedEvent } from '@tranche/api';
import { Heading, Stack, Text } from '@tranche/ui-kit';
import { ChainLink } from '../../history/index.ts';
import * as styles from './Decoded.css.ts';
import { Fact, Facts } from './Facts.tsx';

function ArgValue({ arg }: { arg: LocalDecodedArg }) {
  if (arg.type === 'address') return <ChainLink kind="address" value={arg.value} />;
  return (
    <Text as="span" size="small" mono={arg.value.startsWith('0x')} breakAll>
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
      <Text as="p" size="small" weight="strong">
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

/** The events a transaction logged, decoded with the platform's ABIs: one table each (stacks at phone width). */
export function EventList({ events }: { events: LocalDecodedEvent[] }) {
  return (
    <Stack space="medium">
      <Heading level={2}>Events logged by this transaction</Heading>
      {events.map((event, position) => (
        <Facts
          key={event.index}
          caption={`Event ${position + 1}: ${event.name || 'not one of this platform’s contracts'}`}
        >
          <Fact label="Event">
            {event.name ? (
              <Text as="span" size="small" weight="strong">
                {event.name}
              </Text>
            ) : (
              <Text as="span" size="small" tone="muted" breakAll>
                {`Unknown (topic ${event.signature})`}
              </Text>
            )}
          </Fact>
          <Fact label="Contract">
            <ChainLink kind="address" value={event.address} />
          </Fact>
          {event.args.map((arg) => (
            <Fact key={arg.name} label={`${arg.name} (${arg.type})`}>
              <ArgValue arg={arg} />
            </Fact>
          ))}
        </Facts>
      ))}
    </Stack>
  );
}
