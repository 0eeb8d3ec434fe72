import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiClient, type Draft, zeroAddress } from '@tranche/api';
import { devAccountKeys, startDevChain } from '@tranche/contracts';
import { Wallet } from 'ethers';
import { expect } from 'vitest';
import { crashPoints } from '../../jobs/crashPoints.ts';
import { type CrashRow, crashHarness } from '../../jobs/crashTesting.ts';
import { randomAddresses, setupIssuerChain } from './testing.ts';

/**
 * The draft deployment's rows of the crash table (server/src/jobs/crash.test.ts), on a chain and database of its
 * own: at each crash point the deployment of a draft of 6 investors (batches of 2: the token and 3 issue
 * transactions) stops the server; after the restart on the same database and chain the job completes by itself,
 * and then every investor holds exactly their amount (none issued twice, none skipped), the total supply is their
 * sum, and the deployer sent exactly 4 transactions. 'draft:recorded' and 'draft:broadcast' stop at their first
 * occurrence, the token's deployment; 'draft:marked' stops at the first issue batch.
 */
export async function draftCrashRows(): Promise<CrashRow[]> {
  const rows: CrashRow[] = [];
  const chain = await startDevChain({ port: 0 });
  const issuer = new Wallet(devAccountKeys[4] as string).address.toLowerCase();
  const issuerChain = await setupIssuerChain(chain.rpcUrl, [issuer]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tranche-draft-crash-'));
  const harness = crashHarness(dataDir, chain.rpcUrl, { DRAFT_ISSUE_BATCH_SIZE: '2' });
  const client = () => {
    const { url, token } = harness.server;
    return createApiClient({ baseUrl: url, getToken: () => token });
  };
  try {
    await harness.start();
    for (const [n, point] of crashPoints.draft.entries()) {
      const symbol = `CRSH${n}`;
      const investors = randomAddresses(6);
      const amounts = investors.map((_, i) => 1000 + i);
      await issuerChain.verify(investors);
      await client().call('createDraft', {
        body: {
          bulk: {
            tokens: [
              {
                symbol,
                name: `Crash token ${n}`,
                exchangeRate: 1,
                currency: 'EUR',
                codebaseId: 1,
                whitelistAddress: issuerChain.whitelistAddress,
                controllerAddress: zeroAddress,
                investors: investors.map((publicAddress, i) => ({
                  publicAddress,
                  investmentAmount: amounts[i] as number,
                })),
              },
            ],
          },
        },
      });
      const sentBefore = await issuerChain.provider.getTransactionCount(issuer, 'latest');
      const answered = await harness.crashAt(point, () =>
        client().call('deployDraft', {
          body: { txMode: 2, symbol, accountAddress: issuer, ownerAddress: issuer },
        }),
      );
      let draft: Draft | undefined;
      for (let i = 0; i < 600; i += 1) {
        draft = await client().call('getDraft', { params: { symbol } });
        if (draft.investors.every((investor) => investor.status === 2 || investor.status === 3)) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(
        draft?.investors.map((investor) => investor.status),
        `${point}: every investor issued`,
      ).toEqual(investors.map(() => 2));
      const contract = draft?.contractAddress ?? '';
      for (const [i, address] of investors.entries())
        expect(await issuerChain.balanceOf(contract, address)).toBe(BigInt(amounts[i] as number));
      const sum = amounts.reduce((a, b) => a + b, 0);
      expect(await issuerChain.totalSupply(contract)).toBe(BigInt(sum));
      const sent = (await issuerChain.provider.getTransactionCount(issuer, 'latest')) - sentBefore;
      expect(sent, `${point}: transactions the deployer sent`).toBe(4);
      rows.push({
        flow: 'draft deployment',
        point,
        outcome: `completed after restart (request: ${answered})`,
        chain: `6 issued once, supply ${sum}, ${sent} transactions (expected 4)`,
        after: 'draft deployed, every investor Issued',
      });
    }
    return rows;
  } finally {
    harness.server.child.kill('SIGTERM');
    issuerChain.close();
    await chain.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
