import {
  type Contract,
  ContractFactory,
  encodeBytes32String,
  keccak256,
  toUtf8Bytes,
  ZeroAddress,
  ZeroHash,
} from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { securityTokenArtifact } from '../src/artifacts.ts';
import { issueBatchSize, txGasCap } from '../src/batchSize.ts';
import {
  encodePartition,
  type Fixture,
  freshAddress,
  kycHash,
  partitionA,
  partitionB,
  type Role,
  roleIndexes,
  startFixture,
  tokenVersions,
} from '../scripts/fixture.ts';
import { chainSnapshots, eventsOf, expectRevert, send } from './helpers.ts';

const issueOne = 'issueByPartition(bytes32,address,uint256,bytes)';
const issueMany = 'issueByPartition(bytes32,address[],uint256[],bytes)';
const partitionC = encodePartition('Series C');
const unknownPartition = encodePartition('Never issued');
const roles = Object.keys(roleIndexes) as Role[];
const data = '0xc0ffee';

describe.each(tokenVersions)('token v%i', (version) => {
  let f: Fixture;
  let token: Contract;
  const snapshots = chainSnapshots(() => f.provider);
  const addr = (role: Role) => f.wallets[role].address;
  const as = (role: Role) => f.as(token, role);
  const read = <T = bigint>(method: string, ...args: unknown[]): Promise<T> =>
    token.getFunction(method)(...args);
  const bal = (role: Role | string, partition: string) =>
    read('balanceOfByPartition', partition, role.startsWith('0x') ? role : addr(role as Role));

  /** Everything an indexer or the console could read: must not move on a failed call. Read in one RPC batch. */
  async function tokenState() {
    const watched = (
      ['holderA', 'holderB', 'level2', 'operator', 'controller', 'unverified', 'stranger'] as const
    ).map(addr);
    const partitions = [partitionA, partitionB, partitionC, unknownPartition];
    const reads: Promise<unknown>[] = [
      ...watched.flatMap((holder) => [
        read('balanceOf', holder),
        read<string[]>('partitionsOf', holder).then((list) => [...list]),
        ...partitions.map((p) => read('balanceOfByPartition', p, holder)),
      ]),
      read('totalSupply'),
      ...partitions.map((p) => read('totalSupplyByPartition', p)),
      read<string[]>('allPartitions').then((list) => [...list]),
      read('isPaused'),
      read('isIssuable'),
      read('isControllable'),
      read('controller'),
      read<string[]>('getAllDocuments').then((list) => [...list]),
      read('isOperator', addr('operator'), addr('holderA')),
      read('isOperatorForPartition', partitionA, addr('operator'), addr('holderB')),
    ];
    return Promise.all(reads);
  }

  beforeAll(async () => {
    f = await startFixture(version);
    token = f.token;
    await send(f.as(f.whitelist, 'level1'), 'addVerified', addr('level2'), kycHash(addr('level2')));
    const issuer = as('level2');
    await send(
      issuer,
      issueMany,
      partitionA,
      [addr('holderA'), addr('holderB'), addr('level2')],
      [1000, 200, 300],
      '0x',
    );
    await send(issuer, issueMany, partitionB, [addr('holderA'), addr('holderB')], [500, 50], '0x');
    await send(as('holderA'), 'authorizeOperator', addr('operator'));
    await send(as('holderB'), 'authorizeOperatorByPartition', partitionA, addr('operator'));
  });
  afterAll(() => f.stop());
  beforeEach(() => snapshots.take());
  afterEach(() => snapshots.restore());

  describe('SecurityToken deployment and read views', () => {
    it('exposes the ERC-20 views, links and the base state', async () => {
      expect(await read('name')).toBe('Acme Shares');
      expect(await read('symbol')).toBe('ACME');
      expect(await read('decimals')).toBe(0n);
      expect(await read('owner')).toBe(addr('owner'));
      expect(await read('controller')).toBe(addr('controller'));
      expect(await read('whitelist')).toBe(await f.whitelist.getAddress());
      expect(await read('securityScheme')).toBe(await f.scheme.getAddress());
      expect(await read('isControllable')).toBe(true);
      expect(await read('isIssuable')).toBe(true);
      expect(await read('isPaused')).toBe(false);
      expect(await read('totalSupply')).toBe(2050n);
      expect(await read('totalSupplyByPartition', partitionA)).toBe(1500n);
      expect(await read('totalSupplyByPartition', partitionB)).toBe(550n);
      expect(await read('balanceOf', addr('holderA'))).toBe(1500n);
      expect([...(await read<string[]>('partitionsOf', addr('holderA')))]).toEqual([partitionA, partitionB]);
      expect([...(await read<string[]>('partitionsOf', addr('level2')))]).toEqual([partitionA]);
      expect([...(await read<string[]>('partitionsOf', addr('stranger')))]).toEqual([]);
      expect([...(await read<string[]>('allPartitions'))]).toEqual([partitionA, partitionB]);
      expect(await read('MAX_PARTITIONS')).toBe(256n);
    });

    it('rejects bad constructor arguments', async () => {
      const factory = new ContractFactory(
        securityTokenArtifact.abi,
        securityTokenArtifact.bytecode,
        f.wallets.owner,
      );
      const wl = await f.whitelist.getAddress();
      const scheme = await f.scheme.getAddress();
      const o = addr('owner');
      const c = addr('controller');
      const cases: [unknown[], string][] = [
        [['', 'T', o, c, wl, scheme], 'token name is required'],
        [['T', '', o, c, wl, scheme], 'token symbol is required'],
        [['T', 'T', ZeroAddress, c, wl, scheme], 'owner is the zero address'],
        [['T', 'T', o, c, addr('stranger'), scheme], 'whitelist is not a contract'],
        [['T', 'T', o, c, wl, ZeroAddress], 'security scheme is not a contract'],
      ];
      for (const [args, reason] of cases)
        await expect(factory.deploy(...args)).rejects.toMatchObject({ reason });
    });

    it('is not controllable when deployed without a controller', async () => {
      const { token: plain } = await f.deployToken(ZeroAddress);
      expect(await plain.getFunction('isControllable')()).toBe(false);
      expect(await plain.getFunction('controller')()).toBe(ZeroAddress);
      for (const role of ['controller', 'owner', 'stranger'] as const) {
        await expectRevert(
          f.as(plain, role),
          'controllerTransfer',
          [addr('holderA'), addr('holderB'), 1, '0x', '0x'],
          'token is not controllable',
        );
      }
      await expectRevert(f.as(plain, 'owner'), 'finalizeControllable', [], 'token is not controllable');
    });
  });

  describe('SecurityToken rights matrix', () => {
    it('answers canIssue, canRedeem, canPause and canFreezeMinting per role', async () => {
      for (const role of roles) {
        const l2 = role === 'level2';
        expect(await read('canIssue', addr(role)), role).toBe(l2);
        expect(await read('canRedeem', addr(role)), role).toBe(l2);
        expect(await read('canPause', addr(role)), role).toBe(l2);
        expect(await read('canFreezeMinting', addr(role)), role).toBe(role === 'owner');
      }
      // Rights follow the scheme.
      await send(f.as(f.scheme, 'op'), 'revokeLevel2', addr('level2'));
      expect(await read('canIssue', addr('level2'))).toBe(false);
      await expectRevert(
        as('level2'),
        issueOne,
        [partitionA, addr('holderA'), 1, '0x'],
        'caller is not allowed to issue tokens',
      );
    });

    it('allows each restricted call to exactly the right role', async () => {
      const matrix: { method: string; args: () => unknown[]; allowed: Role[]; reason: string }[] = [
        {
          method: issueOne,
          args: () => [partitionA, addr('holderB'), 10, data],
          allowed: ['level2'],
          reason: 'caller is not allowed to issue tokens',
        },
        {
          method: issueMany,
          args: () => [partitionA, [addr('holderB')], [10], data],
          allowed: ['level2'],
          reason: 'caller is not allowed to issue tokens',
        },
        {
          method: 'redeemByPartition',
          args: () => [partitionA, 10, data],
          allowed: ['level2'],
          reason: 'caller is not allowed to redeem tokens',
        },
        {
          method: 'pause',
          args: () => [],
          allowed: ['level2'],
          reason: 'caller is not allowed to pause token trading',
        },
        {
          method: 'unPause',
          args: () => [],
          allowed: [],
          reason: 'caller is not allowed to resume token trading',
        },
        {
          method: 'freezeMinting',
          args: () => [],
          allowed: ['owner'],
          reason: 'caller is not allowed to freeze minting',
        },
        {
          method: 'finalizeControllable',
          args: () => [],
          allowed: ['owner'],
          reason: 'caller is not the token owner',
        },
        {
          method: 'setDocument',
          args: () => [encodeBytes32String('Prospectus'), 'https://x.test/p.pdf', ZeroHash],
          allowed: ['owner'],
          reason: 'caller is not the token owner',
        },
        {
          method: 'controllerTransfer',
          args: () => [addr('holderA'), addr('holderB'), 10, data, data],
          allowed: ['controller'],
          reason: 'caller is not the token controller',
        },
        {
          method: 'controllerRedeem',
          args: () => [addr('holderA'), 10, data, data],
          allowed: ['controller'],
          reason: 'caller is not the token controller',
        },
        {
          method: 'controllerTransferByPartition',
          args: () => [partitionB, addr('holderA'), addr('holderB'), 10, data, data],
          allowed: ['controller'],
          reason: 'caller is not the token controller',
        },
        {
          method: 'controllerRedeemByPartition',
          args: () => [partitionB, addr('holderA'), 10, data, data],
          allowed: ['controller'],
          reason: 'caller is not the token controller',
        },
        {
          method: 'operatorTransferByPartition',
          args: () => [partitionA, addr('holderA'), addr('holderB'), 10, data, data],
          allowed: ['operator'],
          reason: 'caller is not an operator of the token holder',
        },
      ];
      const checks = matrix.flatMap(({ method, args, allowed, reason }) =>
        roles.map(async (role) => {
          if (allowed.includes(role)) {
            await expect(
              as(role)
                .getFunction(method)
                .staticCall(...args()),
              `${method} by ${role}`,
            ).resolves.toBeDefined();
          } else if (method === 'unPause' && role === 'level2') {
            await expectRevert(as(role), method, args(), 'token trading is active already');
          } else {
            await expectRevert(as(role), method, args(), reason);
          }
        }),
      );
      await Promise.all(checks);
    });

    it('lets an operator redeem only with the redeem right, and a redeemer only as operator', async () => {
      const args = [partitionA, addr('holderA'), 10, data];
      await expectRevert(
        as('operator'),
        'operatorRedeemByPartition',
        args,
        'caller is not allowed to redeem tokens',
      );
      await expectRevert(
        as('level2'),
        'operatorRedeemByPartition',
        args,
        'caller is not an operator of the token holder',
      );
      await send(as('holderA'), 'authorizeOperatorByPartition', partitionA, addr('level2'));
      const { events } = await send(as('level2'), 'operatorRedeemByPartition', ...args);
      expect(events).toEqual([
        {
          name: 'RedeemedByPartition',
          args: {
            partition: partitionA,
            operator: addr('level2'),
            from: addr('holderA'),
            value: 10n,
            data: '0x',
            operatorData: data,
          },
        },
        { name: 'Transfer', args: { from: addr('holderA'), to: ZeroAddress, value: 10n } },
      ]);
      expect(await bal('holderA', partitionA)).toBe(990n);
      expect(await read('totalSupplyByPartition', partitionA)).toBe(1490n);
      // The partition grant does not reach other partitions.
      await expectRevert(
        as('level2'),
        'operatorRedeemByPartition',
        [partitionB, addr('holderA'), 10, data],
        'caller is not an operator of the token holder',
      );
    });
  });

  describe('SecurityToken issuance', () => {
    it('issues to one holder and creates a partition on first use', async () => {
      const issued = await send(as('level2'), issueOne, partitionA, addr('operator'), 25, data);
      expect(issued.events).toEqual([
        {
          name: 'IssuedByPartition',
          args: {
            partition: partitionA,
            operator: addr('level2'),
            to: addr('operator'),
            value: 25n,
            data,
            operatorData: '0x',
          },
        },
        { name: 'Transfer', args: { from: ZeroAddress, to: addr('operator'), value: 25n } },
      ]);
      expect(await bal('operator', partitionA)).toBe(25n);
      const created = await send(as('level2'), issueOne, partitionC, addr('operator'), 5, '0x');
      expect(created.events.map((e) => e.name)).toEqual([
        'PartitionCreated',
        'IssuedByPartition',
        'Transfer',
      ]);
      expect(created.events[0]?.args).toEqual({ partition: partitionC });
      expect([...(await read<string[]>('allPartitions'))]).toEqual([partitionA, partitionB, partitionC]);
      expect([...(await read<string[]>('partitionsOf', addr('operator')))]).toEqual([partitionA, partitionC]);
      expect(await read('balanceOf', addr('operator'))).toBe(30n);
      expect(await read('totalSupply')).toBe(2080n);
    });

    it('issues to many holders in one transaction, all or nothing', async () => {
      const holders = [addr('operator'), addr('holderA'), addr('operator')];
      const { events } = await send(as('level2'), issueMany, partitionC, holders, [7, 8, 9], data);
      expect(events.map((e) => [e.name, e.args.to, e.args.value])).toEqual([
        ['IssuedByPartition', addr('operator'), 7n],
        ['Transfer', addr('operator'), 7n],
        ['IssuedByPartition', addr('holderA'), 8n],
        ['Transfer', addr('holderA'), 8n],
        ['IssuedByPartition', addr('operator'), 9n],
        ['Transfer', addr('operator'), 9n],
        ['PartitionCreated', undefined, undefined],
      ]);
      expect(await bal('operator', partitionC)).toBe(16n);
      expect(await bal('holderA', partitionC)).toBe(8n);
      expect(await read('totalSupplyByPartition', partitionC)).toBe(24n);
      expect(await read('totalSupply')).toBe(2074n);
    });

    it('never issues to an address outside the whitelist', async () => {
      await expectRevert(
        as('level2'),
        issueOne,
        [partitionA, addr('unverified'), 10, data],
        'token holder is not verified in the whitelist',
        tokenState,
      );
      await expectRevert(
        as('level2'),
        issueMany,
        [partitionA, [addr('holderA'), addr('unverified')], [1, 2], data],
        'token holder is not verified in the whitelist',
        tokenState,
      );
      // Removing an address from the whitelist stops issuance to it.
      await send(f.as(f.whitelist, 'level1'), 'removeVerified', addr('holderB'));
      await expectRevert(
        as('level2'),
        issueOne,
        [partitionA, addr('holderB'), 10, data],
        'token holder is not verified in the whitelist',
      );
    });

    it('freezes minting for good, leaving redemption open', async () => {
      await expectRevert(as('level2'), 'freezeMinting', [], 'caller is not allowed to freeze minting');
      const { events } = await send(as('owner'), 'freezeMinting');
      expect(events).toEqual([{ name: 'MintingFrozen', args: { by: addr('owner') } }]);
      expect(await read('isIssuable')).toBe(false);
      expect(await read('canFreezeMinting', addr('owner'))).toBe(false);
      await expectRevert(
        as('level2'),
        issueOne,
        [partitionA, addr('holderA'), 1, '0x'],
        'token minting is frozen',
        tokenState,
      );
      await expectRevert(
        as('level2'),
        issueMany,
        [partitionA, [addr('holderA')], [1], '0x'],
        'token minting is frozen',
      );
      await expectRevert(as('owner'), 'freezeMinting', [], 'token minting is frozen already');
      await send(as('level2'), 'redeemByPartition', partitionA, 1, '0x');
      expect(await bal('level2', partitionA)).toBe(299n);
    });

    it('rejects bad issuance input and changes nothing', async () => {
      const l2 = as('level2');
      const h = addr('holderA');
      const cases: [string, unknown[], string][] = [
        [issueOne, [partitionA, ZeroAddress, 1, '0x'], 'token holder is the zero address'],
        [issueOne, [partitionA, h, 0, '0x'], 'amount must be greater than zero'],
        [issueOne, [ZeroHash, h, 1, '0x'], 'partition is required'],
        [issueOne, [partitionA, h, 2n ** 128n, '0x'], 'total supply would overflow'],
        [issueMany, [partitionA, [], [], '0x'], 'no token holders given'],
        [issueMany, [partitionA, [h, addr('holderB')], [1], '0x'], 'arrays have unequal lengths'],
        [issueMany, [partitionA, [h], [1, 2], '0x'], 'arrays have unequal lengths'],
        [issueMany, [partitionA, [h, ZeroAddress], [1, 1], '0x'], 'token holder is the zero address'],
        [issueMany, [partitionA, [h, h], [1, 0], '0x'], 'amount must be greater than zero'],
        [issueMany, [ZeroHash, [h], [1], '0x'], 'partition is required'],
        [issueMany, [partitionA, [h, h], [2n ** 127n, 2n ** 127n], '0x'], 'total supply would overflow'],
        [issueMany, [partitionA, [h], [2n ** 128n], '0x'], 'total supply would overflow'],
      ];
      for (const [method, args, reason] of cases) await expectRevert(l2, method, args, reason, tokenState);
    });

    it('refuses more than MAX_PARTITIONS partitions', async () => {
      // 254 more partitions (2 exist). Anvil holds the dev keys, so eth_sendTransaction lets it sign, and with
      // automine off the 254 transactions go into a few blocks: seconds instead of 254 signed round trips.
      const issuer = as('level2');
      const nonce = await f.wallets.level2.getNonce('pending');
      await f.provider.send('evm_setAutomine', [false]);
      let hashes: string[];
      try {
        hashes = await Promise.all(
          Array.from({ length: 254 }, (_, i) =>
            f.provider.send('eth_sendTransaction', [
              {
                from: addr('level2'),
                to: token.target,
                data: token.interface.encodeFunctionData(issueOne, [
                  encodePartition(`P${i}`),
                  addr('holderA'),
                  1,
                  '0x',
                ]),
                gas: '0x40000',
                gasPrice: '0x3b9aca00',
                nonce: `0x${(nonce + i).toString(16)}`,
              },
            ]),
          ),
        );
        await f.provider.send('anvil_mine', ['0x3']);
      } finally {
        await f.provider.send('evm_setAutomine', [true]);
      }
      const last = await f.provider.getTransactionReceipt(hashes[hashes.length - 1]!);
      expect(last?.status).toBe(1);
      expect((await read<string[]>('allPartitions')).length).toBe(256);
      await expectRevert(
        issuer,
        issueOne,
        [partitionC, addr('holderA'), 1, '0x'],
        'too many partitions',
        tokenState,
      );
      // Existing partitions still take issuance; views still answer.
      await send(issuer, issueOne, encodePartition('P253'), addr('holderB'), 1, '0x');
      expect(await read('balanceOf', addr('holderA'))).toBe(1754n);
      expect((await read<string[]>('partitionsOf', addr('holderA'))).length).toBe(256);
    });

    it('rejects a batch whose address word carries dirty upper bits', async () => {
      const calldata = token.interface.encodeFunctionData(issueMany, [
        partitionA,
        [addr('holderA')],
        [5],
        '0x',
      ]);
      const word = addr('holderA').slice(2).toLowerCase().padStart(64, '0');
      const dirty = calldata.replace(word, `01${word.slice(2)}`);
      expect(dirty).not.toBe(calldata);
      const before = await tokenState();
      await expect(f.wallets.level2.call({ to: token.target, data: dirty })).rejects.toMatchObject({
        code: 'CALL_EXCEPTION',
      });
      const tx = await f.wallets.level2.sendTransaction({
        to: token.target,
        data: dirty,
        gasLimit: 1_000_000,
      });
      await expect(tx.wait()).rejects.toMatchObject({ code: 'CALL_EXCEPTION' });
      expect(await tokenState()).toEqual(before);
    });

    it('fits a batch of the derived safe size under the transaction gas cap', async () => {
      const size = issueBatchSize();
      expect(size).toBeGreaterThan(250);
      const holders = Array.from({ length: size }, (_, i) => freshAddress('issue-cap', i));
      await send(f.as(f.whitelist, 'level1'), 'addVerifiedBatch', holders, holders.map(kycHash));
      const { receipt } = await send(
        as('level2'),
        issueMany,
        partitionC,
        holders,
        holders.map(() => 3),
        '0x',
      );
      expect(Number(receipt.gasUsed)).toBeLessThan(txGasCap - 31_500);
      expect(await read('totalSupplyByPartition', partitionC)).toBe(BigInt(size * 3));
      expect(await bal(holders[size - 1]!, partitionC)).toBe(3n);
      // A batch with a long comment is sized down accordingly.
      expect(issueBatchSize(4096)).toBeLessThan(size);
      // Twice the safe size cannot be issued in one transaction on a chain that enforces the cap: at the largest
      // gas limit allowed it runs out of gas (all gas used) before it could even reach the whitelist check.
      const twice = Array.from({ length: size * 2 }, (_, i) => freshAddress('issue-cap-2', i));
      const tx = await as('level2')
        .getFunction(issueMany)
        .send(
          partitionB,
          twice,
          twice.map(() => 1),
          '0x',
          { gasLimit: txGasCap, gasPrice: 1_000_000_000n },
        );
      const failure = await tx
        .wait()
        .catch((error: { receipt?: { gasUsed: bigint; status: number } }) => error);
      // Version 2 runs behind a proxy, which keeps 1/64 of the gas when its DELEGATECALL runs out (EIP-150).
      expect(failure).toMatchObject({ receipt: { status: 0 } });
      const used = Number((failure as { receipt: { gasUsed: bigint } }).receipt.gasUsed);
      if (version === 1) expect(used).toBe(txGasCap);
      else expect(used).toBeGreaterThanOrEqual(Math.floor((txGasCap * 63) / 64));
      expect(await read('totalSupplyByPartition', partitionB)).toBe(550n);
    });
  });

  describe('SecurityToken transfers, operators and redemption', () => {
    it('transfers within a partition and reports the partition', async () => {
      expect(
        await as('holderA')
          .getFunction('transferByPartition')
          .staticCall(partitionB, addr('holderB'), 1, '0x'),
      ).toBe(partitionB);
      const { events } = await send(
        as('holderA'),
        'transferByPartition',
        partitionB,
        addr('holderB'),
        100,
        data,
      );
      expect(events).toEqual([
        {
          name: 'TransferByPartition',
          args: {
            fromPartition: partitionB,
            operator: addr('holderA'),
            from: addr('holderA'),
            to: addr('holderB'),
            value: 100n,
            data,
            operatorData: '0x',
          },
        },
        { name: 'Transfer', args: { from: addr('holderA'), to: addr('holderB'), value: 100n } },
      ]);
      expect(await bal('holderA', partitionB)).toBe(400n);
      expect(await bal('holderB', partitionB)).toBe(150n);
      expect(await read('totalSupplyByPartition', partitionB)).toBe(550n);
      // Moving a whole balance drops the partition from the sender's list; a transfer to oneself changes nothing.
      await send(as('holderA'), 'transferByPartition', partitionB, addr('holderB'), 400, '0x');
      expect([...(await read<string[]>('partitionsOf', addr('holderA')))]).toEqual([partitionA]);
      await send(as('holderB'), 'transferByPartition', partitionB, addr('holderB'), 550, '0x');
      expect(await bal('holderB', partitionB)).toBe(550n);
    });

    it('logs a partition transfer byte for byte as the ABI encodes it, whatever the length of its data', async () => {
      // Version 2's usual partition transfer encodes its logs in assembly (its fallback): the same bytes as the
      // compiler's encoding, the data zero-padded to whole words.
      for (const payload of ['0x', data, `0x${'ab'.repeat(32)}`, `0x${'cd'.repeat(33)}`]) {
        const { receipt } = await send(
          as('holderA'),
          'transferByPartition',
          partitionB,
          addr('holderB'),
          7,
          payload,
        );
        const expected = [
          token.interface.encodeEventLog('TransferByPartition', [
            partitionB,
            addr('holderA'),
            addr('holderA'),
            addr('holderB'),
            7,
            payload,
            '0x',
          ]),
          token.interface.encodeEventLog('Transfer', [addr('holderA'), addr('holderB'), 7]),
        ];
        expect(
          receipt.logs.map(({ topics, data: logData }) => ({ topics: [...topics], data: logData })),
        ).toEqual(expected);
      }
      expect(await bal('holderA', partitionB)).toBe(500n - 28n);
      expect(await bal('holderB', partitionB)).toBe(50n + 28n);
    });

    it("reads transferByPartition's arguments as the ABI decoder does, however they are encoded", async () => {
      // Version 2 answers transferByPartition in its fallback from the raw calldata (one pass for the canonical
      // encoding, the decoder's own checks otherwise): a call means what it meant before, in both versions.
      const tokenAddress = await token.getAddress();
      const canonical = token.interface.encodeFunctionData('transferByPartition', [
        partitionB,
        addr('holderB'),
        3,
        data,
      ]);
      const word = (hex: string) => hex.padStart(64, '0');
      const selector = canonical.slice(0, 10);
      const head = canonical.slice(10, 10 + 3 * 64);
      const tail = canonical.slice(10 + 4 * 64);
      // The bytes placed one word further than usual (offset 0xa0, a zero word between): a valid encoding.
      const shifted = `${selector}${head}${word('a0')}${word('')}${tail}`;
      const call = (calldata: string, value = 0n) =>
        f.provider.call({ from: addr('holderA'), to: tokenAddress, data: calldata, value }).then(
          (answer) => ({ answer }),
          (error: { data?: string | null }) => ({ reverted: error.data ?? '0x' }),
        );
      expect(await call(shifted)).toEqual({ answer: partitionB });
      const sent = await (
        await f.wallets.holderA.sendTransaction({ to: tokenAddress, data: shifted })
      ).wait();
      expect(eventsOf(token, sent!).map(({ name, args }) => [name, args])).toEqual([
        [
          'TransferByPartition',
          {
            fromPartition: partitionB,
            operator: addr('holderA'),
            from: addr('holderA'),
            to: addr('holderB'),
            value: 3n,
            data,
            operatorData: '0x',
          },
        ],
        ['Transfer', { from: addr('holderA'), to: addr('holderB'), value: 3n }],
      ]);
      expect(await bal('holderB', partitionB)).toBe(53n);
      // Malformed calls revert without data: a receiver with dirty upper bits, bytes running past the calldata, a
      // head cut short, an offset beyond the calldata; and ether is refused.
      const dirty = `${selector}${head.slice(0, 64)}ff${head.slice(66)}${canonical.slice(10 + 3 * 64)}`;
      for (const malformed of [
        dirty,
        canonical.slice(0, 10 + 2 * (4 * 32 + 32 + 2)),
        canonical.slice(0, 10 + 2 * 100),
        `${selector}${head}${word('ffff')}${tail}`,
      ]) {
        expect(await call(malformed)).toEqual({ reverted: '0x' });
      }
      expect(await call(canonical, 1n)).toEqual({ reverted: '0x' });
      expect(await call(canonical)).toEqual({ answer: partitionB });
    });

    it('lets operators move tokens for all partitions or for one partition only', async () => {
      const op = as('operator');
      const moved = await send(
        op,
        'operatorTransferByPartition',
        partitionB,
        addr('holderA'),
        addr('holderB'),
        5,
        data,
        '0xbeef',
      );
      expect(moved.events[0]?.args).toMatchObject({
        operator: addr('operator'),
        from: addr('holderA'),
        operatorData: '0xbeef',
      });
      await send(
        op,
        'operatorTransferByPartition',
        partitionA,
        addr('holderB'),
        addr('holderA'),
        5,
        '0x',
        '0x',
      );
      expect(await bal('holderA', partitionB)).toBe(495n);
      expect(await bal('holderB', partitionA)).toBe(195n);
      // holderB granted partition A only.
      await expectRevert(
        op,
        'operatorTransferByPartition',
        [partitionB, addr('holderB'), addr('holderA'), 5, '0x', '0x'],
        'caller is not an operator of the token holder',
        tokenState,
      );
    });

    it('authorizes, checks and revokes operators with events', async () => {
      const a = as('holderA');
      const stranger = addr('stranger');
      expect(await read('isOperator', stranger, addr('holderA'))).toBe(false);
      expect((await send(a, 'authorizeOperator', stranger)).events).toEqual([
        { name: 'AuthorizedOperator', args: { operator: stranger, tokenHolder: addr('holderA') } },
      ]);
      expect(await read('isOperator', stranger, addr('holderA'))).toBe(true);
      expect(await read('isOperatorForPartition', partitionC, stranger, addr('holderA'))).toBe(true);
      expect((await send(a, 'revokeOperator', stranger)).events).toEqual([
        { name: 'RevokedOperator', args: { operator: stranger, tokenHolder: addr('holderA') } },
      ]);
      expect(await read('isOperator', stranger, addr('holderA'))).toBe(false);
      expect((await send(a, 'authorizeOperatorByPartition', partitionB, stranger)).events).toEqual([
        {
          name: 'AuthorizedOperatorByPartition',
          args: { partition: partitionB, operator: stranger, tokenHolder: addr('holderA') },
        },
      ]);
      expect(await read('isOperatorForPartition', partitionB, stranger, addr('holderA'))).toBe(true);
      expect(await read('isOperatorForPartition', partitionA, stranger, addr('holderA'))).toBe(false);
      expect(await read('isOperator', stranger, addr('holderA'))).toBe(false);
      expect((await send(a, 'revokeOperatorByPartition', partitionB, stranger)).events).toEqual([
        {
          name: 'RevokedOperatorByPartition',
          args: { partition: partitionB, operator: stranger, tokenHolder: addr('holderA') },
        },
      ]);
      expect(await read('isOperatorForPartition', partitionB, stranger, addr('holderA'))).toBe(false);
      // Revoked: the operator can no longer act.
      await send(a, 'revokeOperator', addr('operator'));
      await expectRevert(
        as('operator'),
        'operatorTransferByPartition',
        [partitionA, addr('holderA'), addr('holderB'), 1, '0x', '0x'],
        'caller is not an operator of the token holder',
      );
    });

    it('rejects bad operator input and changes nothing', async () => {
      const a = as('holderA');
      const cases: [string, unknown[], string][] = [
        ['authorizeOperator', [ZeroAddress], 'operator is the zero address'],
        ['authorizeOperator', [addr('holderA')], 'token holder cannot be its own operator'],
        ['authorizeOperator', [addr('operator')], 'operator is already authorized'],
        ['revokeOperator', [addr('stranger')], 'operator is not authorized'],
        ['authorizeOperatorByPartition', [partitionA, ZeroAddress], 'operator is the zero address'],
        [
          'authorizeOperatorByPartition',
          [partitionA, addr('holderA')],
          'token holder cannot be its own operator',
        ],
        ['authorizeOperatorByPartition', [ZeroHash, addr('stranger')], 'partition is required'],
        [
          'revokeOperatorByPartition',
          [partitionA, addr('stranger')],
          'operator is not authorized for this partition',
        ],
      ];
      for (const [method, args, reason] of cases) await expectRevert(a, method, args, reason, tokenState);
      await expectRevert(
        as('holderB'),
        'authorizeOperatorByPartition',
        [partitionA, addr('operator')],
        'operator is already authorized for this partition',
        tokenState,
      );
    });

    it('redeems the caller’s own tokens', async () => {
      const { events } = await send(as('level2'), 'redeemByPartition', partitionA, 120, data);
      expect(events).toEqual([
        {
          name: 'RedeemedByPartition',
          args: {
            partition: partitionA,
            operator: addr('level2'),
            from: addr('level2'),
            value: 120n,
            data,
            operatorData: '0x',
          },
        },
        { name: 'Transfer', args: { from: addr('level2'), to: ZeroAddress, value: 120n } },
      ]);
      expect(await bal('level2', partitionA)).toBe(180n);
      expect(await read('totalSupply')).toBe(1930n);
      await send(as('level2'), 'redeemByPartition', partitionA, 180, '0x');
      expect([...(await read<string[]>('partitionsOf', addr('level2')))]).toEqual([]);
      expect([...(await read<string[]>('allPartitions'))]).toEqual([partitionA, partitionB]);
    });

    it('never transfers to an address outside the whitelist; a delisted holder sends on version 1 only', async () => {
      await expectRevert(
        as('holderA'),
        'transferByPartition',
        [partitionA, addr('unverified'), 1, '0x'],
        'receiver is not verified in the whitelist',
        tokenState,
      );
      await expectRevert(
        as('operator'),
        'operatorTransferByPartition',
        [partitionA, addr('holderA'), addr('unverified'), 1, '0x', '0x'],
        'receiver is not verified in the whitelist',
        tokenState,
      );
      await send(f.as(f.whitelist, 'level1'), 'removeVerified', addr('holderB'));
      await expectRevert(
        as('holderA'),
        'transferByPartition',
        [partitionA, addr('holderB'), 1, '0x'],
        'receiver is not verified in the whitelist',
      );
      if (version === 1) {
        await send(as('holderB'), 'transferByPartition', partitionA, addr('holderA'), 10, '0x');
        expect(await bal('holderB', partitionA)).toBe(190n);
      } else {
        // Version 2.1 (issue 36): a sender no longer verified cannot send; the controller still can move it.
        await expectRevert(
          as('holderB'),
          'transferByPartition',
          [partitionA, addr('holderA'), 10, '0x'],
          'sender is not verified in the whitelist',
          tokenState,
        );
        await send(
          f.as(f.token, 'controller'),
          'controllerTransferByPartition',
          partitionA,
          addr('holderB'),
          addr('holderA'),
          10,
          '0x',
          '0x',
        );
        expect(await bal('holderB', partitionA)).toBe(190n);
      }
    });

    it('rejects bad transfer and redemption input and changes nothing', async () => {
      const a = as('holderA');
      const cases: [Contract, string, unknown[], string][] = [
        [a, 'transferByPartition', [partitionA, ZeroAddress, 1, '0x'], 'receiver is the zero address'],
        [
          a,
          'transferByPartition',
          [partitionA, addr('holderB'), 0, '0x'],
          'amount must be greater than zero',
        ],
        [a, 'transferByPartition', [unknownPartition, addr('holderB'), 1, '0x'], 'unknown partition'],
        [a, 'transferByPartition', [partitionA, addr('holderB'), 1001, '0x'], 'insufficient balance'],
        [
          as('stranger'),
          'transferByPartition',
          [partitionA, addr('holderB'), 1, '0x'],
          'insufficient balance',
        ],
        [
          as('operator'),
          'operatorTransferByPartition',
          [partitionB, addr('holderA'), addr('holderB'), 501, '0x', '0x'],
          'insufficient balance',
        ],
        [as('level2'), 'redeemByPartition', [partitionA, 0, '0x'], 'amount must be greater than zero'],
        [as('level2'), 'redeemByPartition', [unknownPartition, 1, '0x'], 'unknown partition'],
        [as('level2'), 'redeemByPartition', [partitionB, 1, '0x'], 'insufficient balance'],
        [as('level2'), 'redeemByPartition', [partitionA, 301, '0x'], 'insufficient balance'],
      ];
      for (const [contract, method, args, reason] of cases)
        await expectRevert(contract, method, args, reason, tokenState);
    });

    it('answers canTransferByPartition with ERC-1066 codes', async () => {
      const decode = (b: string) => Buffer.from(b.slice(2), 'hex').toString('utf8').replace(/\0+$/, '');
      const check = async (from: string, to: string, partition: string, value: number) => {
        const [code, reason, destination] = await read<[string, string, string]>(
          'canTransferByPartition',
          from,
          to,
          partition,
          value,
          '0x',
        );
        return [code, decode(reason), destination];
      };
      const a = addr('holderA');
      const b = addr('holderB');
      expect(await check(a, b, partitionA, 10)).toEqual(['0x51', 'transfer allowed', partitionA]);
      expect(await check(a, b, partitionA, 1001)).toEqual(['0x52', 'insufficient balance', ZeroHash]);
      expect(await check(a, b, unknownPartition, 1)).toEqual(['0x50', 'unknown partition', ZeroHash]);
      expect(await check(a, b, partitionA, 0)).toEqual([
        '0x50',
        'amount must be greater than zero',
        ZeroHash,
      ]);
      expect(await check(a, ZeroAddress, partitionA, 1)).toEqual([
        '0x57',
        'receiver is the zero address',
        ZeroHash,
      ]);
      expect(await check(a, addr('unverified'), partitionA, 1)).toEqual([
        '0x57',
        'receiver is not verified',
        ZeroHash,
      ]);
      expect(await check(ZeroAddress, b, partitionA, 1)).toEqual([
        '0x56',
        'sender is the zero address',
        ZeroHash,
      ]);
      await send(as('level2'), 'pause');
      expect(await check(a, b, partitionA, 10)).toEqual(['0x54', 'token trading is paused', ZeroHash]);
    });
  });

  describe('SecurityToken pause', () => {
    it('pauses and resumes with events, blocking every balance change while paused', async () => {
      expect((await send(as('level2'), 'pause')).events).toEqual([
        { name: 'Paused', args: { by: addr('level2') } },
      ]);
      expect(await read('isPaused')).toBe(true);
      const paused = 'token trading is paused';
      const blocked: [Role, string, unknown[]][] = [
        ['holderA', 'transferByPartition', [partitionA, addr('holderB'), 1, '0x']],
        [
          'operator',
          'operatorTransferByPartition',
          [partitionA, addr('holderA'), addr('holderB'), 1, '0x', '0x'],
        ],
        ['level2', issueOne, [partitionA, addr('holderA'), 1, '0x']],
        ['level2', issueMany, [partitionA, [addr('holderA')], [1], '0x']],
        ['level2', 'redeemByPartition', [partitionA, 1, '0x']],
      ];
      const controllerOps: [Role, string, unknown[]][] = [
        ['controller', 'controllerTransfer', [addr('holderA'), addr('holderB'), 1, '0x', '0x']],
        ['controller', 'controllerRedeem', [addr('holderA'), 1, '0x', '0x']],
        [
          'controller',
          'controllerTransferByPartition',
          [partitionA, addr('holderA'), addr('holderB'), 1, '0x', '0x'],
        ],
        ['controller', 'controllerRedeemByPartition', [partitionA, addr('holderA'), 1, '0x', '0x']],
      ];
      // Version 1 blocks the controller too; version 2 lets controller operations through while paused.
      if (version === 1) blocked.push(...controllerOps);
      for (const [role, method, args] of blocked)
        await expectRevert(as(role), method, args, paused, tokenState);
      if (version === 2) {
        const before = (await read('balanceOf', addr('holderA'))) as bigint;
        for (const [role, method, args] of controllerOps) await send(as(role), method, ...args);
        // Two forced transfers and two forced redemptions of 1 each from holderA.
        expect(await read('balanceOf', addr('holderA'))).toBe(before - 4n);
      }
      await expectRevert(as('level2'), 'pause', [], 'token trading is paused already');
      // Non-balance actions stay available while paused.
      await send(as('holderA'), 'authorizeOperator', addr('stranger'));
      await send(as('owner'), 'setDocument', encodeBytes32String('Notice'), 'ipfs://notice', ZeroHash);
      for (const role of roles.filter((r) => r !== 'level2')) {
        await expectRevert(as(role), 'unPause', [], 'caller is not allowed to resume token trading');
      }
      expect((await send(as('level2'), 'unPause')).events).toEqual([
        { name: 'Unpaused', args: { by: addr('level2') } },
      ]);
      expect(await read('isPaused')).toBe(false);
      await expectRevert(as('level2'), 'unPause', [], 'token trading is active already');
      await send(as('holderA'), 'transferByPartition', partitionA, addr('holderB'), 1, '0x');
    });
  });

  describe('SecurityToken controller', () => {
    it('forces a transfer across partitions in creation order', async () => {
      const c = as('controller');
      const { events } = await send(
        c,
        'controllerTransfer',
        addr('holderA'),
        addr('holderB'),
        1200,
        data,
        '0xbeef',
      );
      const common = {
        operator: addr('controller'),
        from: addr('holderA'),
        to: addr('holderB'),
        data,
        operatorData: '0xbeef',
      };
      expect(events).toEqual([
        { name: 'TransferByPartition', args: { fromPartition: partitionA, ...common, value: 1000n } },
        { name: 'Transfer', args: { from: addr('holderA'), to: addr('holderB'), value: 1000n } },
        { name: 'TransferByPartition', args: { fromPartition: partitionB, ...common, value: 200n } },
        { name: 'Transfer', args: { from: addr('holderA'), to: addr('holderB'), value: 200n } },
        {
          name: 'ControllerTransfer',
          args: {
            controller: addr('controller'),
            from: addr('holderA'),
            to: addr('holderB'),
            value: 1200n,
            data,
            operatorData: '0xbeef',
          },
        },
      ]);
      expect(await bal('holderA', partitionA)).toBe(0n);
      expect(await bal('holderA', partitionB)).toBe(300n);
      expect(await bal('holderB', partitionA)).toBe(1200n);
      expect(await bal('holderB', partitionB)).toBe(250n);
      expect(await read('totalSupply')).toBe(2050n);
    });

    it('forces a redemption across partitions and by partition', async () => {
      const c = as('controller');
      const { events } = await send(c, 'controllerRedeem', addr('holderA'), 1100, data, '0xbeef');
      expect(events.map((e) => [e.name, e.args.partition, e.args.value])).toEqual([
        ['RedeemedByPartition', partitionA, 1000n],
        ['Transfer', undefined, 1000n],
        ['RedeemedByPartition', partitionB, 100n],
        ['Transfer', undefined, 100n],
        ['ControllerRedemption', undefined, 1100n],
      ]);
      expect(await read('balanceOf', addr('holderA'))).toBe(400n);
      expect(await read('totalSupply')).toBe(950n);
      const byPartition = await send(
        c,
        'controllerRedeemByPartition',
        partitionB,
        addr('holderA'),
        400,
        '0x',
        '0x',
      );
      expect(byPartition.events.map((e) => e.name)).toEqual([
        'RedeemedByPartition',
        'Transfer',
        'ControllerRedemption',
      ]);
      expect(await read('balanceOf', addr('holderA'))).toBe(0n);
      const moved = await send(
        c,
        'controllerTransferByPartition',
        partitionA,
        addr('holderB'),
        addr('operator'),
        50,
        '0x',
        '0x',
      );
      expect(moved.events.map((e) => e.name)).toEqual([
        'TransferByPartition',
        'Transfer',
        'ControllerTransfer',
      ]);
      expect(await bal('operator', partitionA)).toBe(50n);
    });

    it('rejects bad controller input and changes nothing', async () => {
      const c = as('controller');
      const a = addr('holderA');
      const b = addr('holderB');
      const cases: [string, unknown[], string][] = [
        ['controllerTransfer', [a, b, 0, '0x', '0x'], 'amount must be greater than zero'],
        ['controllerTransfer', [ZeroAddress, b, 1, '0x', '0x'], 'sender is the zero address'],
        ['controllerTransfer', [a, ZeroAddress, 1, '0x', '0x'], 'receiver is the zero address'],
        [
          'controllerTransfer',
          [a, addr('unverified'), 1, '0x', '0x'],
          'receiver is not verified in the whitelist',
        ],
        ['controllerTransfer', [a, b, 1501, '0x', '0x'], 'insufficient balance'],
        ['controllerRedeem', [a, 0, '0x', '0x'], 'amount must be greater than zero'],
        ['controllerRedeem', [ZeroAddress, 1, '0x', '0x'], 'token holder is the zero address'],
        ['controllerRedeem', [a, 1501, '0x', '0x'], 'insufficient balance'],
        ['controllerTransferByPartition', [partitionB, a, b, 501, '0x', '0x'], 'insufficient balance'],
        ['controllerTransferByPartition', [unknownPartition, a, b, 1, '0x', '0x'], 'unknown partition'],
        [
          'controllerTransferByPartition',
          [partitionA, ZeroAddress, b, 1, '0x', '0x'],
          'sender is the zero address',
        ],
        [
          'controllerTransferByPartition',
          [partitionA, a, b, 0, '0x', '0x'],
          'amount must be greater than zero',
        ],
        ['controllerRedeemByPartition', [unknownPartition, a, 1, '0x', '0x'], 'unknown partition'],
        [
          'controllerRedeemByPartition',
          [partitionA, ZeroAddress, 1, '0x', '0x'],
          'token holder is the zero address',
        ],
        ['controllerRedeemByPartition', [partitionA, a, 0, '0x', '0x'], 'amount must be greater than zero'],
        ['controllerRedeemByPartition', [partitionA, a, 1001, '0x', '0x'], 'insufficient balance'],
      ];
      for (const [method, args, reason] of cases) await expectRevert(c, method, args, reason, tokenState);
    });

    it('loses the controller forever after finalizeControllable', async () => {
      const { events } = await send(as('owner'), 'finalizeControllable');
      expect(events).toEqual([{ name: 'FinalizedControllerFeature', args: {} }]);
      expect(await read('isControllable')).toBe(false);
      expect(await read('controller')).toBe(ZeroAddress);
      const calls: [string, unknown[]][] = [
        ['controllerTransfer', [addr('holderA'), addr('holderB'), 1, '0x', '0x']],
        ['controllerRedeem', [addr('holderA'), 1, '0x', '0x']],
        ['controllerTransferByPartition', [partitionA, addr('holderA'), addr('holderB'), 1, '0x', '0x']],
        ['controllerRedeemByPartition', [partitionA, addr('holderA'), 1, '0x', '0x']],
      ];
      for (const [method, args] of calls) {
        await expectRevert(as('controller'), method, args, 'token is not controllable', tokenState);
      }
      await expectRevert(as('owner'), 'finalizeControllable', [], 'token is not controllable');
    });
  });

  describe('SecurityToken documents', () => {
    const names = ['Prospectus', 'Terms', 'Audit'].map((n) => encodeBytes32String(n));
    const hashOf = (n: string) => keccak256(toUtf8Bytes(n));

    it('sets, lists, updates and removes documents (owner only)', async () => {
      const o = as('owner');
      const set = await send(o, 'setDocument', names[0], 'https://docs.test/prospectus.pdf', hashOf('p'));
      expect(set.events).toEqual([
        {
          name: 'DocumentUpdated',
          args: { name: names[0], uri: 'https://docs.test/prospectus.pdf', documentHash: hashOf('p') },
        },
      ]);
      const block = await f.provider.getBlock(set.receipt.blockNumber);
      expect([...(await read<unknown[]>('getDocument', names[0]))]).toEqual([
        'https://docs.test/prospectus.pdf',
        hashOf('p'),
        BigInt(block!.timestamp),
      ]);
      await send(o, 'setDocument', names[1], 'ipfs://terms', ZeroHash);
      await send(o, 'setDocument', names[2], 'ipfs://audit', hashOf('a'));
      expect([...(await read<string[]>('getAllDocuments'))]).toEqual(names);
      await send(o, 'setDocument', names[0], 'ipfs://prospectus-v2', hashOf('p2'));
      expect([...(await read<string[]>('getAllDocuments'))]).toEqual(names);
      expect((await read<unknown[]>('getDocument', names[0]))[0]).toBe('ipfs://prospectus-v2');

      const removed = await send(o, 'removeDocument', names[0]);
      expect(removed.events).toEqual([
        {
          name: 'DocumentRemoved',
          args: { name: names[0], uri: 'ipfs://prospectus-v2', documentHash: hashOf('p2') },
        },
      ]);
      expect([...(await read<string[]>('getAllDocuments'))]).toEqual([names[2], names[1]]);
      expect([...(await read<unknown[]>('getDocument', names[0]))]).toEqual(['', ZeroHash, 0n]);
      await send(o, 'removeDocument', names[1]);
      await send(o, 'removeDocument', names[2]);
      expect([...(await read<string[]>('getAllDocuments'))]).toEqual([]);
    });

    it('rejects bad document input and strangers, changing nothing', async () => {
      await send(as('owner'), 'setDocument', names[0], 'ipfs://p', ZeroHash);
      const o = as('owner');
      await expectRevert(
        o,
        'setDocument',
        [ZeroHash, 'ipfs://x', ZeroHash],
        'document name is required',
        tokenState,
      );
      await expectRevert(
        o,
        'setDocument',
        [names[1], '', ZeroHash],
        'document location is required',
        tokenState,
      );
      await expectRevert(o, 'removeDocument', [names[1]], 'unknown document', tokenState);
      for (const role of roles.filter((r) => r !== 'owner')) {
        await expectRevert(as(role), 'removeDocument', [names[0]], 'caller is not the token owner');
      }
    });
  });
});
