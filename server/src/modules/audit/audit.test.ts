import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DevChain } from '@tranche/contracts';
import { sql } from 'drizzle-orm';
import { type Contract, encodeBytes32String, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  failureOf,
  startTestChain,
  type TestApp,
  testProvider,
} from '../../../test/helpers.ts';
import { jobRunnerOf } from '../../jobs/runner.ts';
import { baseUrlOf, createTestUser, type TestUser } from '../credentials/testing.ts';
import { indexerOf } from '../tokens/routes.ts';
import { deploySchemeAndWhitelist, deployTestToken, devWallets } from '../tokens/testing.ts';
import { findWhitelist, insertWhitelist, saveAddresses } from '../whitelists/repository.ts';
import { anchorGas } from './anchor.ts';
import { appendAudit } from './log.ts';
import { packSigningKey } from './keys.ts';
import { anchorCalldata, readZip, sha256Hex } from './verify.mjs';

const run = promisify(execFile);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const verifierPath = path.resolve(import.meta.dirname, 'verify.mjs');

/** Runs a verifier (the pack's own file) with node; answers its exit code and output. */
async function verify(cwd: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['verify.mjs', ...args], { cwd, timeout: 60_000 });
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

describe.each(databaseKinds)('operations log, anchors and regulator packs on %s', (kind) => {
  let chain: DevChain;
  let t: TestApp;
  let provider: JsonRpcProvider;
  let owner: TestUser;
  let auditor: TestUser;
  let stranger: TestUser;
  let token: Contract;
  let recordBlock = 0;
  let expiresAt = 0;
  const symbol = 'AUDIT';
  const logins = new Map<TestUser, string>();
  const loginOf = (user: TestUser) => logins.get(user) ?? '';

  beforeAll(async () => {
    chain = await startTestChain();
    t = await createTestApp({ kind, chain });
    provider = testProvider(chain);
    const wallets = devWallets(provider);
    owner = await createTestUser(t, 'owner');
    auditor = await createTestUser(t, 'auditor');
    stranger = await createTestUser(t, 'stranger');
    for (const user of [owner, auditor, stranger])
      logins.set(
        user,
        rowsOf<{ login: string }>(
          await t.ctx.db.execute(sql`select login_name as login from accounts where id = ${user.accountId}`),
        )[0]?.login ?? '',
      );
    // A version 2 whitelist: its records carry a country and an expiry the pack's snapshot shows.
    const setup = await deploySchemeAndWhitelist(wallets, { whitelistV2: true });
    await insertWhitelist(t.ctx.db, {
      chainId: chain.chainId,
      address: setup.whitelistAddress,
      name: 'Audit whitelist',
      schemeAddress: setup.schemeAddress,
      codebaseId: 1,
      ownerAddress: wallets.owner.address,
      accountId: owner.accountId,
    });
    token = await deployTestToken(t.ctx.db, wallets, setup, {
      symbol,
      name: 'Audited',
      accountId: owner.accountId,
    });
    const holders = wallets.holders.slice(0, 3);
    const whitelist = await findWhitelist(t.ctx.db, chain.chainId, setup.whitelistAddress);
    await saveAddresses(
      t.ctx.db,
      whitelist?.id ?? 0,
      owner.accountId,
      `0x${'ab'.repeat(32)}`,
      holders.map((h, i) => ({
        publicAddress: h.address,
        legalName: `Holder ${i}`,
        contactDetails: (i === 0 ? { country: 'de' } : {}) as Record<string, string>,
        salt: 's',
        hash: 'h',
      })),
    );
    // Holder 1's country and holder 0's expiry on the chain (holder 0's country is its KYC record's).
    expiresAt = (await provider.getBlock('latest'))?.timestamp ?? 0;
    expiresAt += 30 * 86_400;
    await (await setup.whitelist.getFunction('setCountryBatch')([holders[1]?.address], ['0x4652'])).wait();
    await (await setup.whitelist.getFunction('setExpiryBatch')([holders[0]?.address], [expiresAt])).wait();
    const sent = await token.getFunction('issueByPartition(bytes32,address[],uint256[],bytes)')(
      encodeBytes32String('CLASS-A'),
      holders.map((h) => h.address),
      [100n, 200n, 300n],
      '0x',
    );
    const receipt = await t.ctx.chain.waitForReceipt(sent.hash, { timeoutMs: 30_000 });
    recordBlock = receipt?.blockNumber ?? 0;
    await indexerOf(t.app)?.waitForBlock(recordBlock, 20_000);
  }, 180_000);

  afterAll(async () => {
    provider?.destroy();
    await t?.close();
    await chain?.stop();
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the log (the trigger)', async () => {
    await appendAudit(t.ctx.db, [
      { accountId: null, actor: null, requestId: null, symbol: 'OTHER', object: null, action: 'test.first' },
    ]);
    for (const statement of [
      sql`update audit_log set action = 'x'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const error = await t.ctx.db.execute(statement).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      const text = `${error?.message} ${(error as { cause?: Error } | undefined)?.cause?.message}`;
      expect(text).toMatch(/audit_log is append-only: (UPDATE|DELETE|TRUNCATE) refused/);
      const [row] = rowsOf<{ n: number; a: string }>(
        await t.ctx.db.execute(sql`select count(*)::int as n, min(action) as a from audit_log`),
      );
      expect(row).toEqual({ n: 1, a: 'test.first' });
    }
  });

  it('never forks the chain under concurrent appends', async () => {
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        appendAudit(t.ctx.db, [
          {
            accountId: null,
            actor: null,
            requestId: `r${i}`,
            symbol: 'OTHER',
            object: null,
            action: 'test.many',
          },
        ]),
      ),
    );
    const rows = rowsOf<{ seq: number; prev_hash: string; hash: string }>(
      await t.ctx.db.execute(sql`select seq::int as seq, prev_hash, hash from audit_log order by seq`),
    );
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
    const verified = await owner.client.call('auditVerify', { params: { symbol } });
    expect(verified).toMatchObject({ ok: true, entries: 26, firstBroken: null, lastAnchor: null });
  });

  it('records privileged actions where every route passes, with actor, request id and reason', async () => {
    const snapshot = await owner.client.call('createSnapshot', {
      body: { symbol, blockNumber: recordBlock },
    });
    const csv = await fetch(`${await baseUrlOf(t)}/api/snapshots/${snapshot.id}/csv`, {
      headers: { authorization: `Bearer ${owner.token}`, 'x-request-id': 'export-42' },
    });
    expect(csv.status).toBe(200);
    await owner.client.call('grantAuditor', { params: { symbol }, body: { email: loginOf(auditor) } });
    const page = await owner.client.call('auditLog', { params: { symbol }, query: {} });
    expect(page.role).toBe('owner');
    expect(page.pagedResults.map((e) => e.action)).toEqual([
      'auditor.grant',
      'export.register-csv',
      'export.register',
    ]);
    const exported = page.pagedResults[1];
    expect(exported).toMatchObject({ actor: loginOf(owner), requestId: 'export-42', symbol });
    // Filters: by action prefix and by actor.
    const exports = await owner.client.call('auditLog', { params: { symbol }, query: { action: 'export' } });
    expect(exports.totalRows).toBe(2);
    const byOther = await owner.client.call('auditLog', { params: { symbol }, query: { actor: 'nobody' } });
    expect(byOther.totalRows).toBe(0);
  });

  it('lets a granted auditor read the log and packs, never act; a stranger sees nothing', async () => {
    const page = await auditor.client.call('auditLog', { params: { symbol }, query: {} });
    expect(page.role).toBe('auditor');
    expect(
      (
        await failureOf(
          auditor.client.call('grantAuditor', { params: { symbol }, body: { email: loginOf(stranger) } }),
        )
      ).statusCode,
    ).toBe(403);
    expect((await failureOf(auditor.client.call('auditAnchor', { params: { symbol } }))).statusCode).toBe(
      403,
    );
    expect(
      (await failureOf(stranger.client.call('auditLog', { params: { symbol }, query: {} }))).statusCode,
    ).toBe(403);
    expect((await failureOf(stranger.client.call('auditVerify', { params: { symbol } }))).statusCode).toBe(
      403,
    );
  });

  let anchored = { seq: 0, block: 0, hash: '' };

  it('anchors the head hash on-chain in one transaction of at most 50,000 gas', async () => {
    const answer = await owner.client.call('auditAnchor', { params: { symbol } });
    expect(answer.jobId).not.toBeNull();
    await jobRunnerOf(t.app, t.ctx).idle();
    const verified = await owner.client.call('auditVerify', { params: { symbol } });
    expect(verified.ok).toBe(true);
    const last = verified.lastAnchor;
    expect(last?.matches).toBe(true);
    expect(last?.seq).toBe(verified.entries);
    const receipt = await provider.getTransactionReceipt(last?.transactionHash ?? '');
    const transaction = await provider.getTransaction(last?.transactionHash ?? '');
    expect(receipt?.blockNumber).toBe(last?.block);
    expect(transaction?.data).toBe(anchorCalldata(last?.seq ?? 0, last?.hash ?? ''));
    const gas = Number(receipt?.gasUsed);
    console.info(`anchor gas used: ${gas} (limit 50,000)`);
    expect(gas).toBe(Number(anchorGas(transaction?.data ?? '0x')));
    expect(gas).toBeLessThanOrEqual(50_000);
    anchored = { seq: last?.seq ?? 0, block: last?.block ?? 0, hash: last?.hash ?? '' };
  });

  it('builds a pack an auditor downloads and verifies in a clean folder with nothing but the pack and an RPC URL', async () => {
    const { id } = await auditor.client.call('createAuditPack', {
      params: { symbol },
      body: { blockNumber: recordBlock },
    });
    await jobRunnerOf(t.app, t.ctx).idle();
    const pack = await auditor.client.call('getAuditPack', { params: { id } });
    expect(pack).toMatchObject({
      state: 'done',
      progress: 100,
      blockNumber: recordBlock,
      requestedBy: loginOf(auditor),
    });
    const listed = await owner.client.call('listAuditPacks', { params: { symbol } });
    expect(listed.map((p) => p.id)).toContain(id);
    const download = await fetch(`${await baseUrlOf(t)}/api/audit/packs/${id}/download`, {
      headers: { authorization: `Bearer ${auditor.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await download.arrayBuffer());
    const strangerDownload = await fetch(`${await baseUrlOf(t)}/api/audit/packs/${id}/download`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(strangerDownload.status).toBe(404);

    const files = readZip(zip);
    expect([...files.keys()].sort()).toEqual(
      [
        'README.txt',
        'anchors.json',
        'documents.json',
        'forced.json',
        'log.jsonl',
        'manifest.json',
        'manifest.sig',
        'movements.csv',
        'reconciliation.json',
        'register.csv',
        'rules.json',
        'summary.pdf',
        'verify.mjs',
        'whitelist.csv',
      ].sort(),
    );
    expect(files.get('verify.mjs')?.equals(readFileSync(verifierPath))).toBe(true);
    const register = files.get('register.csv')?.toString() ?? '';
    expect(register.trim().split('\r\n')).toHaveLength(4);
    const moves = (files.get('movements.csv')?.toString() ?? '').split('\r\n');
    expect(moves[0]).toBe('block,time,transaction,logIndex,event,partition,operator,from,to,amount,data');
    expect(moves.slice(1, 4).map((line) => line.replace(/\b0x[0-9a-f]{40}\b/g, 'ADDR'))).toEqual(
      ['100', '200', '300'].map((amount) =>
        expect.stringMatching(
          new RegExp(
            `^${recordBlock},\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.000Z,0x[0-9a-f]{64},\\d+,IssuedByPartition,CLASS-A,ADDR,,ADDR,${amount},0x$`,
          ),
        ),
      ),
    );
    expect(moves.slice(4)).toEqual(['']);
    // The whitelist and KYC snapshot: each record's country (the chain's, else the KYC record's) and its expiry.
    const whitelistRows = (files.get('whitelist.csv')?.toString() ?? '').trim().split('\r\n');
    expect(whitelistRows[0]).toBe('address,verified,kycHash,transaction,block,legalName,country,expiresAt');
    expect(
      whitelistRows
        .slice(1)
        .map((line) => line.split(','))
        .filter((cells) => cells[5]?.startsWith('Holder'))
        .map((cells) => [cells[5], cells[6], cells[7]])
        .sort(),
    ).toEqual([
      ['Holder 0', 'DE', new Date(expiresAt * 1000).toISOString()],
      ['Holder 1', 'FR', ''],
      ['Holder 2', '', ''],
    ]);
    const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}');
    const config = await owner.client.call('config');
    expect(manifest.platform.signingKey).toBe(config.auditSigningKey);
    expect(JSON.parse(files.get('reconciliation.json')?.toString() ?? '{}').partitions).toEqual([
      { partition: 'CLASS-A', indexed: '600', onChain: '600', matches: true },
    ]);

    // A clean folder: the zip and the verifier taken out of it, nothing else.
    const clean = mkdtempSync(path.join(os.tmpdir(), 'tranche-pack-'));
    try {
      writeFileSync(path.join(clean, 'pack.zip'), zip);
      writeFileSync(path.join(clean, 'verify.mjs'), files.get('verify.mjs') ?? '');
      const started = performance.now();
      const good = await verify(clean, ['pack.zip', '--rpc', chain.rpcUrl]);
      console.info(`pack verified in ${Math.round(performance.now() - started)} ms: ${good.out.trim()}`);
      expect(good.code).toBe(0);
      expect(good.out).toMatch(/^OK: pack of AUDIT/);
      expect(good.out).toMatch(/[1-9]\d* found on the chain/);
      expect(good.out).toContain(`register Merkle root ${manifest.merkleRoot} recomputed from register.csv`);

      // The same pack extracted: verified from its own folder.
      const folder = path.join(clean, 'extracted');
      mkdirSync(folder);
      for (const [name, data] of files) writeFileSync(path.join(folder, name), data);
      expect((await verify(folder, ['--rpc', chain.rpcUrl])).code).toBe(0);

      // One byte changed in the register: refused, naming the file.
      const csv = Buffer.from(files.get('register.csv') ?? '');
      csv[csv.length - 3] = csv[csv.length - 3] === 0x31 ? 0x32 : 0x31;
      writeFileSync(path.join(folder, 'register.csv'), csv);
      const bad = await verify(folder, ['--rpc', chain.rpcUrl]);
      expect(bad.code).toBe(1);
      expect(bad.out).toMatch(/^REFUSED: register\.csv: its SHA-256 does not match the manifest/);

      // One byte changed inside the zip's register.csv entry: refused, naming the file.
      const name = Buffer.from('register.csv');
      let local = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 0);
      while (local >= 0 && !zip.subarray(local + 30, local + 30 + name.length).equals(name))
        local = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), local + 4);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const changed = Buffer.from(zip);
      const middle = start + Math.floor(zip.readUInt32LE(local + 18) / 2);
      changed[middle] = (changed[middle] ?? 0) ^ 0x01;
      writeFileSync(path.join(clean, 'changed.zip'), changed);
      const refused = await verify(clean, ['changed.zip', '--rpc', chain.rpcUrl]);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/^REFUSED: register\.csv: /);

      // A register row changed, its digest recomputed in the manifest and the manifest signed again with the
      // platform's own key: every digest and the signature hold, only the recomputed Merkle root catches it.
      const rows = (files.get('register.csv')?.toString() ?? '').split('\r\n');
      const cells = rows[1]?.split(',') ?? [];
      cells[3] = String(BigInt(cells[3] ?? '0') + 1n);
      rows[1] = cells.join(',');
      const forged = Buffer.from(rows.join('\r\n'));
      const forgedManifest = {
        ...manifest,
        files: manifest.files.map((file: { path: string; sha256: string; bytes: number }) =>
          file.path === 'register.csv' ? { ...file, sha256: sha256Hex(forged), bytes: forged.length } : file,
        ),
      };
      const manifestBytes = Buffer.from(`${JSON.stringify(forgedManifest, null, 2)}\n`);
      const signer = await packSigningKey(t.ctx);
      writeFileSync(path.join(folder, 'register.csv'), forged);
      writeFileSync(path.join(folder, 'manifest.json'), manifestBytes);
      writeFileSync(path.join(folder, 'manifest.sig'), `${signer.sign(manifestBytes)}\n`);
      const rooted = await verify(folder, ['--rpc', chain.rpcUrl]);
      expect(rooted.code).toBe(1);
      expect(rooted.out.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(
            `^REFUSED: register\\.csv: its rows give the Merkle root 0x[0-9a-f]{64}, but manifest\\.json states ${manifest.merkleRoot}$`,
          ),
        ),
      ]);
      expect(rooted.out).not.toContain(`root ${manifest.merkleRoot},`);
    } finally {
      rmSync(clean, { recursive: true, force: true });
    }
  });

  it('names the first edited entry and the last anchor it contradicts', async () => {
    const before = await owner.client.call('auditVerify', { params: { symbol } });
    expect(before.ok).toBe(true);
    expect(before.lastAnchor?.seq).toBeGreaterThan(anchored.seq);
    // As the database's superuser: the trigger dropped, one entry edited, the trigger back.
    await t.ctx.db.execute(sql`drop trigger audit_log_no_update_delete on audit_log`);
    await t.ctx.db.execute(sql`update audit_log set after = '{"edited":true}'::jsonb where seq = 5`);
    await t.ctx.db.execute(
      sql`create trigger audit_log_no_update_delete before update or delete on audit_log
        for each row execute function audit_log_append_only()`,
    );
    const verified = await owner.client.call('auditVerify', { params: { symbol } });
    expect(verified.ok).toBe(false);
    expect(verified.firstBroken).toMatchObject({
      seq: 5,
      reason: 'Entry 5 was changed: its hash does not match its content',
    });
    // The newest anchor (the pack's, after the first one) holds a hash the edited chain no longer reproduces.
    const last = before.lastAnchor;
    expect(verified.firstBroken?.contradicts).toEqual({
      seq: last?.seq,
      block: last?.block,
      hash: last?.hash,
      transactionHash: last?.transactionHash,
    });
    expect(verified.lastAnchor?.matches).toBe(false);
  });
});
