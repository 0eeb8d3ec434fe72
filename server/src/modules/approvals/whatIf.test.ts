import {
  type ApprovalsResponse,
  createApiClient,
  type CreateDraftRequest,
  ruleMessages as r,
  zeroAddress,
} from '@tranche/api';
import { type DevChain, devAccountKeys } from '@tranche/contracts';
import { and, eq } from 'drizzle-orm';
import { parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { jobs } from '../../jobs/schema.ts';
import { bulkJobKind, tokenBulkRows } from '../bulk/schema.ts';
import { baseUrlOf, type TestUser } from '../credentials/testing.ts';
import { deployDraftFully, type IssuerChain, randomAddresses, setupIssuerChain } from '../drafts/testing.ts';
import { findProjectBySymbol } from '../projects/repository.ts';
import { committedKeyOfThree } from '../sharding/testing.ts';
import { indexerOf } from '../tokens/routes.ts';
import { whitelistVerifications } from '../tokens/schema.ts';
import { whitelistAddresses, whitelists } from '../whitelists/schema.ts';

/**
 * The what-if on approval cards (issue 39), on a real Anvil and PGlite: a version 2 token with two holders, owned by
 * a 2-of-3 sharded key. A pending whitelist replacement names the holder the new whitelist does not verify; a
 * pending freeze names the queued bulk row that would send tokens to the frozen address.
 */

const issuer = new Wallet(devAccountKeys[1] as string).address.toLowerCase();

describe('what-if on approval cards', () => {
  let chain: DevChain;
  let issuerChain: IssuerChain;
  let secondChain: IssuerChain;
  let t: TestApp;
  let baseUrl = '';
  const users: TestUser[] = [];
  const emails: string[] = [];
  const codes: string[] = [];
  let keyAddress = '';
  const [ada, ben] = randomAddresses(2) as [string, string];

  const call = (user: TestUser) =>
    createApiClient({ baseUrl, getToken: () => user.token }).call as (
      id: string,
      input?: object,
    ) => Promise<unknown>;
  const start = async (txType: number, txData: Record<string, string>) =>
    (await call(users[0] as TestUser)('startDtx', {
      body: { symbol: 'WHIF', accountAddress: keyAddress, accessCode: codes[0], txType, txData },
    })) as { id: number };
  const cancel = (id: number) =>
    call(users[0] as TestUser)('cancelDtx', {
      body: { id, accountAddress: keyAddress, accessCode: codes[0] },
    });
  /** The card of `id` in the third signer's inbox (it waits for them). */
  const cardOf = async (id: number) =>
    ((await call(users[2] as TestUser)('listApprovals')) as ApprovalsResponse).needsYou.find(
      (item) => item.txId === id,
    );
  const register = async (address: string, schemeAddress: string, names: [string, string][]) => {
    const [list] = await t.ctx.db
      .insert(whitelists)
      .values({
        chainId: 31337,
        address,
        name: `Whitelist ${address.slice(2, 6)}`,
        schemeAddress,
        codebaseId: 1,
        ownerAddress: issuerChain.ownerAddress,
      })
      .returning();
    for (const [publicAddress, legalName] of names) {
      await t.ctx.db.insert(whitelistAddresses).values({
        whitelistId: list?.id as number,
        publicAddress,
        legalName,
        salt: '00',
        hash: '00',
        verifiedOn: new Date(),
      });
    }
  };

  beforeAll(async () => {
    chain = await startTestChain();
    issuerChain = await setupIssuerChain(chain.rpcUrl, [issuer]);
    await issuerChain.verify([ada, ben]);
    t = await createTestApp({ kind: 'pglite', chain });
    baseUrl = await baseUrlOf(t);
    // Both whitelists registered on the platform (the indexer follows them), with the investors' KYC records.
    await register(issuerChain.whitelistAddress, issuerChain.schemeAddress, [
      [ada, 'Ada Lovelace'],
      [ben, 'Ben Franklin'],
    ]);
    const signers = await committedKeyOfThree(t, 'whatif');
    users.push(...signers.users);
    emails.push(...signers.emails);
    codes.push(...signers.codes);
    keyAddress = signers.keyAddress;
    const first = users[0] as TestUser;
    // The key's signers may see the token's investor data: the key holds Access Level 2 on its scheme.
    await issuerChain.grantLevel2(keyAddress);
    const funder = new Wallet(devAccountKeys[0] as string, t.ctx.chain.provider);
    await (await funder.sendTransaction({ to: keyAddress, value: parseEther('1') })).wait();
    // The whitelist proposed (deployed once the first fixture has sent its last transaction): it verifies Ada only.
    secondChain = await setupIssuerChain(chain.rpcUrl);
    await secondChain.verify([ada]);
    await register(secondChain.whitelistAddress, secondChain.schemeAddress, [[ada, 'Ada Lovelace']]);
    await first.client.call('createDraft', {
      body: {
        bulk: {
          tokens: [
            {
              symbol: 'WHIF',
              name: 'What-if shares',
              exchangeRate: 1,
              currency: 'EUR',
              codebaseId: 2,
              whitelistAddress: issuerChain.whitelistAddress,
              controllerAddress: zeroAddress,
              investors: [
                { publicAddress: ada, investmentAmount: 30 },
                { publicAddress: ben, investmentAmount: 20 },
              ],
            },
          ],
        },
      } satisfies CreateDraftRequest,
    });
    await deployDraftFully(first, { symbol: 'WHIF', accountAddress: issuer, ownerAddress: keyAddress });
    await indexerOf(t.app)?.waitForBlock(await t.ctx.chain.provider.getBlockNumber(), 20_000);
    // The indexer holds the proposed whitelist's verification of Ada.
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      const found = await t.ctx.db
        .select()
        .from(whitelistVerifications)
        .where(
          and(
            eq(whitelistVerifications.whitelistAddress, secondChain.whitelistAddress),
            eq(whitelistVerifications.account, ada),
          ),
        );
      if (found.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    issuerChain?.close();
    secondChain?.close();
    await chain?.stop();
  });

  it('a pending whitelist replacement names the holder the new whitelist does not verify', async () => {
    const started = await start(9, { whitelistAddress: secondChain.whitelistAddress });
    const card = await cardOf(started.id);
    expect(card?.whatIf).toMatchObject({
      summary: 'What this would change: 1 holder would not be verified on the new whitelist',
      holders: [
        {
          holder: ben,
          name: 'Ben Franklin',
          balance: '20',
          reason:
            'Ben Franklin holds 20 and is not verified on the new whitelist: they could no longer receive or transfer tokens',
        },
      ],
      truncated: false,
      operations: [],
    });
    expect(card?.whatIf?.summary).toBe(r.whatIfChanges(1, 0));
    await cancel(started.id);
  });

  it('a pending freeze names the queued bulk row that would send tokens to the frozen address', async () => {
    const project = await findProjectBySymbol(t.ctx.db, 'WHIF');
    // A bulk forced transfer queued for later (not sent yet): row 1 to Ben, row 2 from Ben.
    const [job] = await t.ctx.db
      .insert(jobs)
      .values({
        kind: bulkJobKind,
        state: 'queued',
        runAfter: new Date(Date.now() + 24 * 3600 * 1000),
        payload: {
          symbol: 'WHIF',
          operation: 'force',
          accountAddress: keyAddress,
          accountId: (users[0] as TestUser).accountId,
          contractAddress: project?.contractAddress as string,
        },
      })
      .returning();
    const jobId = job?.id as number;
    await t.ctx.db.insert(tokenBulkRows).values([
      { jobId, row: 1, fromAddress: ada, address: ben, amount: '5', partition: 'default', status: 'checked' },
      { jobId, row: 2, fromAddress: ben, address: ada, amount: '5', partition: 'default', status: 'checked' },
    ]);

    const started = await start(11, { holderAddress: ben, frozen: 'true' });
    const card = await cardOf(started.id);
    // Row 2 is not listed: a frozen address still sends by force (SecurityTokenV2's forcedTransfer).
    expect(card?.whatIf).toMatchObject({
      summary: 'What this would change: 1 queued or pending operation would fail',
      holders: [],
      operations: [
        {
          kind: 'bulk',
          id: jobId,
          row: 1,
          reason: `Bulk operation #${jobId}, row 1 would fail: the receiver would be frozen`,
        },
      ],
    });

    // A partial freeze of Ada's tokens makes none of them fail (a forced transfer takes frozen tokens too).
    await cancel(started.id);
    const partial = await start(12, {
      holderAddress: ada,
      partition: 'default',
      amount: '10',
      action: 'freeze',
    });
    expect((await cardOf(partial.id))?.whatIf).toMatchObject({
      summary: 'Nothing on the register would be out of bounds',
      holders: [],
      operations: [],
    });
    await cancel(partial.id);
  });
});
