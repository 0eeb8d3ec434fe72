import { AbiCoder, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  distributorArtifact,
  securitySchemeArtifact,
  securityTokenArtifact,
  testStableTokenArtifact,
  whitelistArtifact,
} from './artifacts.ts';
import { contractErrors, decodeRevertData } from './errors.ts';

const artifacts = [
  distributorArtifact,
  securitySchemeArtifact,
  securityTokenArtifact,
  testStableTokenArtifact,
  whitelistArtifact,
];

describe('decodeRevertData', () => {
  it('knows every custom error of every ABI, by its selector and types', () => {
    const fromAbis = new Map<string, string>();
    for (const artifact of artifacts) {
      new Interface(artifact.abi).forEachError((fragment) =>
        fromAbis.set(fragment.selector, fragment.format('sighash')),
      );
    }
    const listed = new Map(
      Object.entries(contractErrors)
        .filter(([, e]) => e.name !== 'Panic')
        .map(([selector, e]) => [selector, `${e.name}(${e.inputs.join(',')})`]),
    );
    expect(listed).toEqual(fromAbis);
  });

  it('decodes each ABI error as ethers encodes it, and Error(string) and Panic', () => {
    const stable = new Interface(testStableTokenArtifact.abi);
    const holder = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const data = stable.encodeErrorResult('ERC20InsufficientBalance', [holder, 1_500_000n, 35_250_000_000n]);
    expect(data.slice(0, 10)).toBe('0xe450d38c');
    expect(decodeRevertData(data)).toEqual({
      name: 'ERC20InsufficientBalance',
      signature: 'ERC20InsufficientBalance(address,uint256,uint256)',
      selector: '0xe450d38c',
      args: [holder, 1_500_000n, 35_250_000_000n],
    });
    const reason = `0x08c379a0${AbiCoder.defaultAbiCoder().encode(['string'], ['token trading is paused – é']).slice(2)}`;
    expect(decodeRevertData(reason)).toMatchObject({ name: 'Error', reason: 'token trading is paused – é' });
    const panic = `0x4e487b71${AbiCoder.defaultAbiCoder().encode(['uint256'], [17n]).slice(2)}`;
    expect(decodeRevertData(panic)).toMatchObject({ name: 'Panic', args: [17n] });
    expect(decodeRevertData('0x12345678')).toBeNull();
    expect(decodeRevertData('0xe450d38c00')).toBeNull();
    expect(decodeRevertData(null)).toBeNull();
  });
});
