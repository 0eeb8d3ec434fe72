import { describe, expect, it } from 'vitest';
import { layoutErrors, readSource, releasedLayouts, storageLayouts } from '../scripts/layouts.ts';

describe('version 2 storage layouts (@openzeppelin/upgrades-core)', () => {
  it('keeps the released layouts (layouts/token-v2.json), and refuses a v2-bis that would corrupt state', () => {
    const released = releasedLayouts();
    expect(released.SecurityTokenV2.namespaces?.['erc7201:tranche.token.core']?.length).toBeGreaterThan(5);
    // The sources as they are: an upgrade from the released implementation keeps every slot.
    expect(layoutErrors(released, storageLayouts())).toEqual([]);
    // A deliberately incompatible v2-bis: a field inserted before the state word of the core namespace would move
    // every balance, allowance and partition of an upgraded token.
    const bis = storageLayouts((file) =>
      file === 'TokenV2Base.sol'
        ? readSource(file).replace(
            '    struct CoreStorage {\n',
            '    struct CoreStorage {\n        uint256 inserted;\n',
          )
        : readSource(file),
    );
    // upgrades-core refuses it: the inserted field, and every field it moves (a layout change each).
    const errors = layoutErrors(released, bis);
    expect(new Set(errors)).toEqual(
      new Set([
        'SecurityTokenV2: insert',
        'SecurityTokenV2: layoutchange',
        'SecurityTokenV2Admin: insert',
        'SecurityTokenV2Admin: layoutchange',
      ]),
    );
    expect(errors.length).toBeGreaterThan(10);
    // A field appended at the end of a namespace is a safe upgrade (how the next issue adds its state).
    const appended = storageLayouts((file) =>
      file === 'TokenV2Base.sol'
        ? readSource(file).replace(
            '        mapping(address holder => bytes32[]) defaultPartitions;\n    }',
            '        mapping(address holder => bytes32[]) defaultPartitions;\n        uint256 appended;\n    }',
          )
        : readSource(file),
    );
    expect(appended.SecurityTokenV2).not.toEqual(released.SecurityTokenV2);
    expect(layoutErrors(released, appended)).toEqual([]);
  }, 240_000);
});
