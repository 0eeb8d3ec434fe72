import { AbiCoder, keccak256, ZeroAddress, ZeroHash } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { securitySchemeArtifact, securitySchemeV2Artifact } from '../src/artifacts.ts';
import { deploy, type Fixture, type Role, roleIndexes, startFixture } from '../scripts/fixture.ts';
import { chainSnapshots, expectRevert, send } from './helpers.ts';

const roles = Object.keys(roleIndexes) as Role[];
const notManager = 'caller is not the owner of the smart contract or a security manager of this asset';
const notOp = 'caller is not a security manager';

describe.each([1, 2] as const)('scheme v%i', (schemeVersion) => {
  const artifact = schemeVersion === 2 ? securitySchemeV2Artifact : securitySchemeArtifact;
  let f: Fixture;
  let assetId: string;
  const snapshots = chainSnapshots(() => f.provider);

  beforeAll(async () => {
    f = await startFixture(1, schemeVersion);
    assetId = await f.scheme.getFunction('assetId')();
  });
  afterAll(() => f.stop());
  beforeEach(() => snapshots.take());
  afterEach(() => snapshots.restore());

  const addr = (role: Role) => f.wallets[role].address;
  const rights = async (role: Role) => [...(await f.scheme.getFunction('rightsOf')(addr(role)))];

  describe('SecurityScheme deployment', () => {
    it('records the owner and derives the asset id from chain id and address', async () => {
      const address = await f.scheme.getAddress();
      expect(await f.scheme.getFunction('owner')()).toBe(addr('owner'));
      expect(assetId).toBe(
        keccak256(AbiCoder.defaultAbiCoder().encode(['uint256', 'address'], [31337, address])),
      );
      const { receipt, contract } = await deploy(artifact, f.wallets.stranger, addr('holderA'));
      const created = contract.interface.parseLog(receipt.logs[0]!);
      expect(created?.name).toBe('SchemeCreated');
      expect(created?.args[0]).toBe(addr('holderA'));
      expect(created?.args[1]).toBe(await contract.getFunction('assetId')());
      expect(await contract.getFunction('assetId')()).not.toBe(assetId);
    });

    it('rejects a zero owner', async () => {
      const { ContractFactory } = await import('ethers');
      const factory = new ContractFactory(artifact.abi, artifact.bytecode, f.wallets.owner);
      await expect(factory.deploy(ZeroAddress)).rejects.toMatchObject({
        reason: 'owner is the zero address',
      });
    });
  });

  describe('SecurityScheme rights matrix', () => {
    it('reports every right of every role', async () => {
      const expected: Record<Role, boolean[]> = {
        owner: [true, false, false, false],
        op: [false, true, false, false],
        level1: [false, false, true, false],
        level2: [false, false, false, true],
        controller: [false, false, false, false],
        holderA: [false, false, false, false],
        holderB: [false, false, false, false],
        operator: [false, false, false, false],
        stranger: [false, false, false, false],
        unverified: [false, false, false, false],
      };
      for (const role of roles) {
        const [isOwner, isOp, level1, level2] = expected[role];
        expect(await rights(role), role).toEqual(expected[role]);
        expect(await f.scheme.getFunction('isOwner')(addr(role))).toBe(isOwner);
        expect(await f.scheme.getFunction('isOperator')(addr(role), assetId)).toBe(isOp);
        expect(await f.scheme.getFunction('isSecurityManager')(addr(role))).toBe(isOp);
        expect(await f.scheme.getFunction('hasLevel1')(addr(role))).toBe(level1);
        expect(await f.scheme.getFunction('hasLevel2')(addr(role))).toBe(level2);
        expect(await f.scheme.getFunction('canManageLevels')(addr(role))).toBe(isOp);
        expect(await f.scheme.getFunction('canManageOperators')(addr(role), assetId)).toBe(isOwner || isOp);
      }
    });

    it('lets only the owner or an OP of the asset grant and revoke OP', async () => {
      for (const role of roles) {
        const scheme = f.as(f.scheme, role);
        if (role === 'owner' || role === 'op') {
          await expect(
            scheme.getFunction('grantOperator').staticCall(addr('stranger'), assetId),
          ).resolves.toEqual([]);
          await expect(scheme.getFunction('revokeOperator').staticCall(addr('op'), assetId)).resolves.toEqual(
            [],
          );
        } else {
          await expectRevert(scheme, 'grantOperator', [addr('stranger'), assetId], notManager);
          await expectRevert(scheme, 'revokeOperator', [addr('op'), assetId], notManager);
        }
      }
    });

    it('lets only an OP of the scheme asset set and clear access levels', async () => {
      for (const role of roles) {
        const scheme = f.as(f.scheme, role);
        for (const level of ['Level1', 'Level2']) {
          if (role === 'op') {
            await expect(scheme.getFunction(`grant${level}`).staticCall(addr('stranger'))).resolves.toEqual(
              [],
            );
          } else {
            await expectRevert(scheme, `grant${level}`, [addr('stranger')], notOp);
            await expectRevert(
              scheme,
              `revoke${level}`,
              [addr(level === 'Level1' ? 'level1' : 'level2')],
              notOp,
            );
          }
        }
      }
    });

    it('does not let an OP of another asset set levels or manage OP of this asset', async () => {
      const otherAsset = keccak256('0x01');
      await send(f.as(f.scheme, 'owner'), 'grantOperator', addr('stranger'), otherAsset);
      expect(await f.scheme.getFunction('isOperator')(addr('stranger'), otherAsset)).toBe(true);
      expect(await f.scheme.getFunction('isSecurityManager')(addr('stranger'))).toBe(false);
      await expectRevert(f.as(f.scheme, 'stranger'), 'grantLevel1', [addr('holderA')], notOp);
      await expectRevert(f.as(f.scheme, 'stranger'), 'grantOperator', [addr('holderA'), assetId], notManager);
      // ...but it manages OP of its own asset.
      await send(f.as(f.scheme, 'stranger'), 'grantOperator', addr('holderA'), otherAsset);
      expect(await f.scheme.getFunction('isOperator')(addr('holderA'), otherAsset)).toBe(true);
    });
  });

  describe('SecurityScheme changes and events', () => {
    it('grants and revokes OP, by the owner and by an existing OP', async () => {
      const byOwner = await send(f.as(f.scheme, 'owner'), 'grantOperator', addr('holderA'), assetId);
      expect(byOwner.events).toEqual([
        { name: 'OperatorGranted', args: { asset: assetId, account: addr('holderA'), by: addr('owner') } },
      ]);
      const byOp = await send(f.as(f.scheme, 'holderA'), 'revokeOperator', addr('op'), assetId);
      expect(byOp.events).toEqual([
        { name: 'OperatorRevoked', args: { asset: assetId, account: addr('op'), by: addr('holderA') } },
      ]);
      expect(await rights('op')).toEqual([false, false, false, false]);
      expect(await rights('holderA')).toEqual([false, true, false, false]);
      // The revoked OP lost the power to change levels.
      await expectRevert(f.as(f.scheme, 'op'), 'grantLevel1', [addr('stranger')], notOp);
      // The owner may make itself OP.
      await send(f.as(f.scheme, 'owner'), 'grantOperator', addr('owner'), assetId);
      expect(await rights('owner')).toEqual([true, true, false, false]);
    });

    it('sets and clears both access levels independently, with events', async () => {
      const op = f.as(f.scheme, 'op');
      const steps: [string, string, boolean[]][] = [
        ['grantLevel1', 'Level1Granted', [false, false, true, false]],
        ['grantLevel2', 'Level2Granted', [false, false, true, true]],
        ['revokeLevel1', 'Level1Revoked', [false, false, false, true]],
        ['revokeLevel2', 'Level2Revoked', [false, false, false, false]],
      ];
      for (const [method, event, after] of steps) {
        const { events } = await send(op, method, addr('stranger'));
        expect(events).toEqual([{ name: event, args: { account: addr('stranger'), by: addr('op') } }]);
        expect(await rights('stranger'), method).toEqual(after);
      }
    });

    it('rejects bad input and no-op changes, changing nothing', async () => {
      const state = async () =>
        Promise.all([rights('op'), rights('level1'), rights('level2'), rights('stranger')]);
      const owner = f.as(f.scheme, 'owner');
      const op = f.as(f.scheme, 'op');
      await expectRevert(
        owner,
        'grantOperator',
        [ZeroAddress, assetId],
        'account is the zero address',
        state,
      );
      await expectRevert(
        owner,
        'revokeOperator',
        [ZeroAddress, assetId],
        'account is the zero address',
        state,
      );
      await expectRevert(owner, 'grantOperator', [addr('stranger'), ZeroHash], 'asset id is required', state);
      await expectRevert(
        owner,
        'grantOperator',
        [addr('op'), assetId],
        'account is already a security manager of this asset',
        state,
      );
      await expectRevert(
        owner,
        'revokeOperator',
        [addr('stranger'), assetId],
        'account is not a security manager of this asset',
        state,
      );
      await expectRevert(op, 'grantLevel1', [ZeroAddress], 'account is the zero address', state);
      await expectRevert(op, 'grantLevel2', [ZeroAddress], 'account is the zero address', state);
      await expectRevert(op, 'grantLevel1', [addr('level1')], 'account already has this access level', state);
      await expectRevert(op, 'grantLevel2', [addr('level2')], 'account already has this access level', state);
      await expectRevert(
        op,
        'revokeLevel1',
        [addr('stranger')],
        'account does not have this access level',
        state,
      );
      await expectRevert(
        op,
        'revokeLevel2',
        [addr('level1')],
        'account does not have this access level',
        state,
      );
    });
  });

  // Version 2 only (registered for it alone, so nothing is skipped).
  if (schemeVersion === 2) {
    describe('SecuritySchemeV2 ownership', () => {
      it('moves ownership in two steps, with events; the new owner manages OP, the old one no longer', async () => {
        const scheme = (role: Role) => f.as(f.scheme, role);
        for (const role of roles.filter((r) => r !== 'owner')) {
          await expectRevert(
            scheme(role),
            'transferOwnership',
            [addr(role)],
            'caller is not the owner of the smart contract',
          );
        }
        expect((await send(scheme('owner'), 'transferOwnership', addr('stranger'))).events).toEqual([
          {
            name: 'OwnershipTransferStarted',
            args: { previousOwner: addr('owner'), newOwner: addr('stranger') },
          },
        ]);
        expect(await f.scheme.getFunction('pendingOwner')()).toBe(addr('stranger'));
        expect(await f.scheme.getFunction('owner')()).toBe(addr('owner'));
        await expectRevert(scheme('holderA'), 'acceptOwnership', [], 'caller is not the pending owner');
        expect((await send(scheme('stranger'), 'acceptOwnership')).events).toEqual([
          {
            name: 'OwnershipTransferred',
            args: { previousOwner: addr('owner'), newOwner: addr('stranger') },
          },
        ]);
        expect(await f.scheme.getFunction('owner')()).toBe(addr('stranger'));
        expect(await f.scheme.getFunction('pendingOwner')()).toBe(ZeroAddress);
        expect(await rights('stranger')).toEqual([true, false, false, false]);
        expect(await rights('owner')).toEqual([false, false, false, false]);
        await expectRevert(scheme('owner'), 'grantOperator', [addr('holderA'), assetId], notManager);
        await send(scheme('stranger'), 'grantOperator', addr('holderA'), assetId);
        expect(await f.scheme.getFunction('isSecurityManager')(addr('holderA'))).toBe(true);
      });

      it('serves a version 1 token unchanged: Level 2 of the scheme issues, and a revoked Level 2 no longer can', async () => {
        const token = (role: Role) => f.as(f.token, role);
        const issue = 'issueByPartition(bytes32,address,uint256,bytes)';
        const partition = `0x${Buffer.from('Common').toString('hex').padEnd(64, '0')}`;
        await send(token('level2'), issue, partition, addr('holderA'), 10, '0x');
        expect(await f.token.getFunction('balanceOf')(addr('holderA'))).toBe(10n);
        await send(f.as(f.scheme, 'op'), 'revokeLevel2', addr('level2'));
        await expectRevert(
          token('level2'),
          issue,
          [partition, addr('holderA'), 1, '0x'],
          'caller is not allowed to issue tokens',
        );
      });
    });
  }
});
