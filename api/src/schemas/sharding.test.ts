import { describe, expect, it } from 'vitest';
import {
  accessCodeMessages,
  dtxMessages,
  shardingMessages as m,
  tokenOperationMessages as t,
} from '../messages.ts';
import { dtxActionRequestSchema, dtxIssueDataSchema, startDtxRequestSchema } from './dtx.ts';
import {
  createShardedKeyRequestSchema,
  reshardRequestSchema,
  shardingFormSchema,
  splitRecipients,
} from './sharding.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('signer lists', () => {
  it('split by comma, else semicolon, else newline', () => {
    expect(splitRecipients(' A@x.io, b@x.io ;c ')).toEqual(['a@x.io', 'b@x.io ;c']);
    expect(splitRecipients('a@x.io;b@x.io\nc@x.io')).toEqual(['a@x.io', 'b@x.io\nc@x.io']);
    expect(splitRecipients('a@x.io\r\nb@x.io\n\n')).toEqual(['a@x.io', 'b@x.io']);
  });
});

describe('POST /sharding and PUT /sharding', () => {
  const ok = { recipients: 'a@x.io, b@x.io, c@x.io' };

  it('defaults to a new key and a minimum of 2', () => {
    const parsed = createShardedKeyRequestSchema.parse(ok);
    expect(parsed).toMatchObject({
      createNewAccount: true,
      minimum: 2,
      recipients: ['a@x.io', 'b@x.io', 'c@x.io'],
    });
  });

  it.each([
    [{ ...ok, minimum: 1 }, m.minimumTooLow],
    [{ ...ok, minimum: '1.5' }, m.minimumInvalid],
    [{ ...ok, minimum: 4 }, m.minimumTooHigh],
    [{ ...ok, total: 2 }, m.totalMismatch],
    [{ recipients: 'a@x.io; A@X.io' }, m.emailTwice('a@x.io')],
    [{ recipients: 'a@x.io, nope' }, m.emailInvalid('nope')],
    [{ recipients: ' ' }, m.emailsRequired],
    [{}, m.emailsRequired],
    [{ recipients: Array.from({ length: 21 }, (_, i) => `s${i}@x.io`) }, m.tooManySigners],
    [{ ...ok, createNewAccount: false }, m.privateKeyRequired],
    [{ ...ok, createNewAccount: false, privateKey: 'xyz' }, m.privateKeyInvalid],
  ])('refuses %j', (body, message) => {
    expect(firstMessage(createShardedKeyRequestSchema.safeParse(body))).toBe(message);
  });

  it('reshard needs the key, an access code and the same rules', () => {
    const address = `0x${'ab'.repeat(20)}`;
    expect(firstMessage(reshardRequestSchema.safeParse({ ...ok, accountAddress: address }))).toBe(
      accessCodeMessages.required,
    );
    expect(
      firstMessage(
        reshardRequestSchema.safeParse({ ...ok, accountAddress: address, accessCode: 'C', minimum: 9 }),
      ),
    ).toBe(m.minimumTooHigh);
    expect(
      reshardRequestSchema.parse({
        ...ok,
        accountAddress: address.toUpperCase().replace('0X', ''),
        accessCode: 'C',
      }),
    ).toMatchObject({ accountAddress: address, minimum: 2 });
  });

  it('the console form gives the same messages', () => {
    const form = {
      keyName: '',
      recipients: 'a@x.io\nb@x.io',
      minimum: '3',
      createNewAccount: true,
      privateKey: '',
    };
    expect(firstMessage(shardingFormSchema.safeParse(form))).toBe(m.minimumTooHigh);
  });
});

describe('POST, PUT and DELETE /dtx', () => {
  const address = `0x${'cd'.repeat(20)}`;

  it('validates the id, type and issue data', () => {
    expect(
      firstMessage(dtxActionRequestSchema.safeParse({ id: 'x', accountAddress: address, accessCode: 'C' })),
    ).toBe(dtxMessages.idInvalid);
    expect(
      firstMessage(
        startDtxRequestSchema.safeParse({
          symbol: 'S',
          accountAddress: address,
          accessCode: 'C',
          txType: 99,
        }),
      ),
    ).toBe(dtxMessages.txTypeInvalid);
    expect(
      firstMessage(dtxIssueDataSchema.safeParse({ holderAddress: '0x12', amount: '1', partition: 'p' })),
    ).toBe(t.holderInvalid);
    expect(
      firstMessage(dtxIssueDataSchema.safeParse({ holderAddress: address, amount: '0', partition: 'p' })),
    ).toBe(t.amountTooLow);
  });
});
