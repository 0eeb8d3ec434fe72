import {
  accessRightsMessages,
  ApiError,
  contractRegistrationMessages,
  keyMessages,
  rbacMessages,
  schemeMessages,
} from '@tranche/api';
import { codebases, type DevChain, devAccountKeys, securitySchemeArtifact } from '@tranche/contracts';
import { Contract, type Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, startTestChain, type TestApp } from '../../../test/helpers.ts';
import { deployedContracts } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { insertScheme } from './repository.ts';
import { securitySchemes } from './schema.ts';
import { createTestUser, type TestUser } from '../credentials/testing.ts';
import { chainWallet, deployWithWallet, schemeWithRights, whitelistOf } from './testing.ts';

let chain: DevChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain.stop();
});

async function failureOf(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return [error.statusCode, error.message];
}

describe.each(databaseKinds)('codebases and security schemes on %s', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let ownerWallet: Wallet;
  let otherWallet: Wallet;
  let ownerAddress: string;
  let otherAddress: string;
  let scheme: { address: string; asset: string };

  beforeAll(async () => {
    t = await createTestApp({ kind, chain });
    owner = await createTestUser(t, 'owner');
    other = await createTestUser(t, 'other');
    ownerWallet = chainWallet(chain, devAccountKeys[1]);
    otherWallet = chainWallet(chain, devAccountKeys[2]);
    ownerAddress = ownerWallet.address.toLowerCase();
    otherAddress = otherWallet.address.toLowerCase();
    await owner.client.call('registerCredentials', {
      body: { publicKey: ownerAddress, privateKey: devAccountKeys[1] },
    });
    await other.client.call('registerCredentials', {
      body: { publicKey: otherAddress, privateKey: devAccountKeys[2] },
    });
    scheme = await schemeWithRights(owner, ownerWallet, 'Issuer scheme', { grant: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the codebases of each type, newest last, and refuses an unknown type', async () => {
    for (const type of [2, 3] as const) {
      const list = await owner.client.call('listCodebases', { params: { type } });
      expect(list.map((c) => c.description)).toEqual(codebases[type].map((a) => a.description));
      expect(list.map((c) => c.id)).toEqual(codebases[type].map((_, i) => i + 1));
    }
    // Tokens: version 1 (the default for new drafts), then version 2 behind the platform's factory.
    const tokens = await owner.client.call('listCodebases', { params: { type: 1 } });
    expect(tokens.map((c) => [c.id, c.default])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(tokens[0]?.description).toBe(codebases[1][0].description);
    expect((await failureOf(owner.client.call('listCodebases', { params: { type: 4 } })))[0]).toBe(400);
  });

  it('builds the deployment for the wallet and registers the scheme with owner and asset read from the chain', async () => {
    const list = await other.client.call('listSchemes');
    expect(list).toEqual([
      { securitySchemeAddress: scheme.address, schemeName: 'Issuer scheme', ownerAddress, codebaseId: 1 },
    ]);
    const detail = await owner.client.call('getSchemeOfContract', {
      params: { contractAddress: scheme.address },
    });
    expect(detail.ownerAddress).toBe(ownerAddress);
    expect(detail.contractAbi).toEqual(securitySchemeArtifact.abi);
    const onChain = new Contract(scheme.address, securitySchemeArtifact.abi, ownerWallet.provider);
    expect((await onChain.getFunction('assetId')()).toLowerCase()).toBe(scheme.asset);
    expect((await onChain.getFunction('owner')()).toLowerCase()).toBe(ownerAddress);
    const contracts = await t.ctx.db.select().from(deployedContracts);
    expect(contracts.map((row) => [row.address, row.kind])).toContainEqual([
      scheme.address,
      'securityScheme',
    ]);
  });

  it('validates deployments and registrations', async () => {
    const body = {
      txMode: 1 as const,
      accountAddress: ownerAddress,
      schemeName: 'X',
      codebaseId: 1,
      ownerAddress,
    };
    expect(
      await failureOf(owner.client.call('rbacDeployTx', { body: { ...body, schemeName: ' ' } })),
    ).toEqual([400, schemeMessages.nameRequired]);
    expect(await failureOf(owner.client.call('rbacDeployTx', { body: { ...body, codebaseId: 0 } }))).toEqual([
      400,
      schemeMessages.codebaseRequired,
    ]);
    expect(await failureOf(owner.client.call('rbacDeployTx', { body: { ...body, codebaseId: 99 } }))).toEqual(
      [400, rbacMessages.unknownCodebase],
    );
    expect(
      await failureOf(owner.client.call('rbacDeployTx', { body: { ...body, ownerAddress: '' } })),
    ).toEqual([400, schemeMessages.ownerRequired]);
    expect(
      await failureOf(owner.client.call('rbacDeployTx', { body: { ...body, ownerAddress: '0x12' } })),
    ).toEqual([400, accessRightsMessages.walletInvalid]);
    // an account, and a contract that is not a security scheme, cannot be registered as one
    const notAScheme = await deployWithWallet(ownerWallet, {
      data: (
        await owner.client.call('whitelistDeployTx', {
          body: {
            txMode: 1,
            accountAddress: ownerAddress,
            whitelistName: 'W',
            securitySchemeAddress: scheme.address,
            codebaseId: 1,
            ownerAddress,
          },
        })
      ).txData.data,
    });
    for (const address of [otherAddress, notAScheme.address]) {
      expect(
        await failureOf(
          owner.client.call('registerScheme', {
            body: { securitySchemeAddress: address, schemeName: 'Y', codebaseId: 1 },
          }),
        ),
      ).toEqual([400, rbacMessages.notAScheme(address)]);
    }
    const unknown = '0x000000000000000000000000000000000000dead';
    expect(
      await failureOf(owner.client.call('getSchemeOfContract', { params: { contractAddress: unknown } })),
    ).toEqual([404, rbacMessages.unknownScheme(unknown)]);
    expect(
      await failureOf(owner.client.call('getSchemeAsset', { params: { contractAddress: 'nope' } })),
    ).toEqual([400, rbacMessages.schemeInvalid]);
    expect(
      await failureOf(
        owner.client.call('checkLevel1', { params: { address: ownerAddress, contractAddress: unknown } }),
      ),
    ).toEqual([404, rbacMessages.unknownScheme(unknown)]);
  });

  it('belongs to an account controlling its deployer or owner, never to the first to register it (issue 33)', async () => {
    const deploy = async (schemeOwner: string) => {
      const { txData } = await owner.client.call('rbacDeployTx', {
        body: {
          txMode: 1,
          accountAddress: ownerAddress,
          schemeName: 'S',
          codebaseId: 1,
          ownerAddress: schemeOwner,
        },
      });
      return deployWithWallet(ownerWallet, txData);
    };
    const register = (user: TestUser, address: string, transactionHash?: string) =>
      user.client.call('registerScheme', {
        body: { securitySchemeAddress: address, schemeName: 'Mine', codebaseId: 1, transactionHash },
      });
    const rowOf = async (address: string) =>
      (await t.ctx.db.select().from(securitySchemes).where(eq(securitySchemes.address, address)))[0];
    // Deployed and owned by the owner's wallet: the other account is refused, with or without the hash.
    const own = await deploy(ownerAddress);
    for (const hash of [undefined, own.hash])
      expect(await failureOf(register(other, own.address, hash))).toEqual([
        403,
        contractRegistrationMessages.notYours('security scheme'),
      ]);
    expect(await rowOf(own.address)).toBeUndefined();
    // A squatter's row from before this rule: the owner's registration takes the scheme over.
    await insertScheme(t.ctx.db, {
      chainId: chain.chainId,
      address: own.address,
      schemeName: 'Squatted',
      codebaseId: 1,
      ownerAddress,
      assetId: '0x00',
      accountId: other.accountId,
    });
    await register(owner, own.address);
    expect(await rowOf(own.address)).toMatchObject({ accountId: owner.accountId, schemeName: 'Mine' });
    // Deployed by the owner's wallet for the other's: each account controls a party; the first keeps it.
    const shared = await deploy(otherAddress);
    await register(owner, shared.address, shared.hash);
    expect(await failureOf(register(other, shared.address))).toEqual([
      409,
      contractRegistrationMessages.registeredByOther('security scheme'),
    ]);
    expect(await rowOf(shared.address)).toMatchObject({
      accountId: owner.accountId,
      ownerAddress: otherAddress,
    });
  });

  it('grants and revokes OP, L1 and L2 with the caller key, checked on-chain first', async () => {
    const base = { securitySchemeAddress: scheme.address, accountAddress: ownerAddress, txMode: 2 as const };
    const check = async (address: string) => [
      await other.client.call('checkOperator', {
        params: { address, asset: scheme.asset, contractAddress: scheme.address },
      }),
      await other.client.call('checkLevel1', { params: { address, contractAddress: scheme.address } }),
      await other.client.call('checkLevel2', { params: { address, contractAddress: scheme.address } }),
    ];
    expect(await check(ownerAddress)).toEqual([false, false, false]);

    // before the owner is a security manager, levels are refused
    expect(
      await failureOf(owner.client.call('grantLevel1', { body: { ...base, targetAddress: otherAddress } })),
    ).toEqual([403, accessRightsMessages.notSecurityManager]);

    const granted = await owner.client.call('grantOperator', {
      body: { ...base, targetAddress: ownerAddress, asset: scheme.asset },
    });
    expect(granted.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await ownerWallet.provider?.getTransactionReceipt(granted.transactionHash);
    expect(receipt?.from.toLowerCase()).toBe(ownerAddress);
    expect(receipt?.status).toBe(1);

    await owner.client.call('grantLevel1', { body: { ...base, targetAddress: otherAddress } });
    await owner.client.call('grantLevel2', { body: { ...base, targetAddress: otherAddress } });
    expect(await check(otherAddress)).toEqual([false, true, true]);
    expect(
      await failureOf(owner.client.call('grantLevel2', { body: { ...base, targetAddress: otherAddress } })),
    ).toEqual([409, rbacMessages.alreadyLevel2]);
    await owner.client.call('revokeLevel2', { body: { ...base, targetAddress: otherAddress } });
    expect(await check(otherAddress)).toEqual([false, true, false]);
    expect(
      await failureOf(owner.client.call('revokeLevel2', { body: { ...base, targetAddress: otherAddress } })),
    ).toEqual([409, rbacMessages.notLevel2]);
    await owner.client.call('revokeLevel1', { body: { ...base, targetAddress: otherAddress } });
    expect(await check(otherAddress)).toEqual([false, false, false]);
  });

  it('refuses a caller without the right even through the API, and another account key', async () => {
    const base = { securitySchemeAddress: scheme.address, accountAddress: otherAddress, txMode: 2 as const };
    expect(
      await failureOf(
        other.client.call('grantOperator', {
          body: { ...base, targetAddress: otherAddress, asset: scheme.asset },
        }),
      ),
    ).toEqual([403, accessRightsMessages.notOwner]);
    expect(
      await failureOf(other.client.call('grantLevel1', { body: { ...base, targetAddress: otherAddress } })),
    ).toEqual([403, accessRightsMessages.notSecurityManager]);
    // the owner's address is registered by the owner's account: nobody else signs with it
    expect(
      await failureOf(
        other.client.call('grantLevel1', {
          body: { ...base, accountAddress: ownerAddress, targetAddress: otherAddress },
        }),
      ),
    ).toEqual([403, keyMessages.notRegistered(ownerAddress)]);
    expect(
      await other.client.call('checkLevel1', {
        params: { address: otherAddress, contractAddress: scheme.address },
      }),
    ).toBe(false);
  });

  it('hands a version 2 scheme to a new owner in two steps; rights and the registered owner follow the chain (issue 35)', async () => {
    const v2 = await schemeWithRights(owner, ownerWallet, 'Rotating scheme', { codebaseId: 2, grant: false });
    const base = { securitySchemeAddress: v2.address, txMode: 2 as const };
    const detail = () =>
      owner.client.call('getSchemeOfContract', { params: { contractAddress: v2.address } });
    expect(await detail()).toMatchObject({ codebaseId: 2, ownerAddress, pendingOwnerAddress: null });

    // Version 1 schemes cannot change hands; only the owner proposes; nobody accepts before a proposal.
    expect(
      await failureOf(
        owner.client.call('proposeSchemeOwner', {
          body: {
            ...base,
            securitySchemeAddress: scheme.address,
            accountAddress: ownerAddress,
            newOwner: otherAddress,
          },
        }),
      ),
    ).toEqual([409, rbacMessages.ownershipNeedsV2]);
    expect(
      await failureOf(
        other.client.call('proposeSchemeOwner', {
          body: { ...base, accountAddress: otherAddress, newOwner: otherAddress },
        }),
      ),
    ).toEqual([403, rbacMessages.notOwner]);
    expect(
      await failureOf(
        other.client.call('acceptSchemeOwner', { body: { ...base, accountAddress: otherAddress } }),
      ),
    ).toEqual([409, rbacMessages.noPendingOwner]);
    expect(
      await failureOf(
        owner.client.call('proposeSchemeOwner', {
          body: { ...base, accountAddress: ownerAddress, newOwner: ownerAddress },
        }),
      ),
    ).toEqual([409, rbacMessages.newOwnerIsOwner]);

    await owner.client.call('proposeSchemeOwner', {
      body: { ...base, accountAddress: ownerAddress, newOwner: otherAddress },
    });
    expect(await detail()).toMatchObject({ ownerAddress, pendingOwnerAddress: otherAddress });
    // Only the proposed owner accepts: the owner's own key cannot.
    expect(
      await failureOf(
        owner.client.call('acceptSchemeOwner', { body: { ...base, accountAddress: ownerAddress } }),
      ),
    ).toEqual([403, rbacMessages.notPendingOwner]);
    const accepted = await other.client.call('acceptSchemeOwner', {
      body: { ...base, accountAddress: otherAddress },
    });
    expect((await ownerWallet.provider?.getTransactionReceipt(accepted.transactionHash))?.status).toBe(1);

    expect(await detail()).toMatchObject({ ownerAddress: otherAddress, pendingOwnerAddress: null });
    const onChain = new Contract(v2.address, securitySchemeArtifact.abi, ownerWallet.provider);
    expect((await onChain.getFunction('owner')()).toLowerCase()).toBe(otherAddress);
    // The new owner grants OP; the old one no longer can.
    expect(
      await failureOf(
        owner.client.call('grantOperator', {
          body: { ...base, accountAddress: ownerAddress, targetAddress: ownerAddress, asset: v2.asset },
        }),
      ),
    ).toEqual([403, accessRightsMessages.notOwner]);
    await other.client.call('grantOperator', {
      body: { ...base, accountAddress: otherAddress, targetAddress: otherAddress, asset: v2.asset },
    });
    expect(
      await other.client.call('checkOperator', {
        params: { address: otherAddress, asset: v2.asset, contractAddress: v2.address },
      }),
    ).toBe(true);
  });

  it("lists the scheme's owner and every holder of a right with its last change, named from its whitelists for those who may read them (issue 37)", async () => {
    const base = { securitySchemeAddress: scheme.address, accountAddress: ownerAddress, txMode: 2 as const };
    // After the grants above: the owner holds OP; the other address had L1 and L2, both revoked.
    await owner.client.call('grantLevel1', { body: { ...base, targetAddress: ownerAddress } });
    await owner.client.call('grantLevel2', { body: { ...base, targetAddress: otherAddress } });
    const whitelist = await whitelistOf(owner, ownerWallet, scheme.address, 'Role names');
    await owner.client.call('whitelistBulk', {
      body: {
        txMode: 2,
        accountAddress: ownerAddress,
        whitelistAddress: whitelist,
        addresses: [
          {
            targetAddress: otherAddress,
            legalName: 'Other Holder Ltd',
            contactDetails: { emailAddress: 'o@example.com' },
          },
        ],
      },
    });
    const roles = await owner.client.call('listSchemeRoles', { params: { contractAddress: scheme.address } });
    expect(roles.indexedBlock).toBe(await ownerWallet.provider?.getBlockNumber());
    const rows = (answer: typeof roles) =>
      answer.holders.map((h) => [h.address, h.name, h.isOwner, h.isOperator, h.level1, h.level2]);
    expect(rows(roles)).toEqual([
      [ownerAddress, null, true, true, true, false],
      [otherAddress, 'Other Holder Ltd', false, false, false, true],
    ]);
    expect(roles.holders[1]?.lastChange).toMatchObject({ event: 'Level2Granted', by: ownerAddress });
    // An account that may not read the whitelist's records sees the same rights, without names.
    const seen = await other.client.call('listSchemeRoles', { params: { contractAddress: scheme.address } });
    expect(seen.holders.map((h) => h.name)).toEqual([null, null]);
    expect(seen.holders.map((h) => h.address)).toEqual([ownerAddress, otherAddress]);
  });

  it('validates rights requests', async () => {
    const base = { securitySchemeAddress: scheme.address, accountAddress: ownerAddress, txMode: 2 as const };
    expect(
      await failureOf(owner.client.call('grantLevel1', { body: { ...base, targetAddress: 'x' } })),
    ).toEqual([400, accessRightsMessages.walletInvalid]);
    expect(
      await failureOf(
        owner.client.call('grantOperator', {
          body: { ...base, targetAddress: otherAddress, asset: '0x1234' },
        }),
      ),
    ).toEqual([400, rbacMessages.assetInvalid]);
    const unknown = '0x000000000000000000000000000000000000beef';
    expect(
      await failureOf(
        owner.client.call('grantLevel1', {
          body: { ...base, securitySchemeAddress: unknown, targetAddress: otherAddress },
        }),
      ),
    ).toEqual([404, rbacMessages.unknownScheme(unknown)]);
  });
});
