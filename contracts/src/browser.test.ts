import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as browser from './browser.ts';
import * as everything from './index.ts';

/** Local modules reachable from `file` through relative imports. */
function reachable(file: URL, seen = new Set<string>()): Set<string> {
  if (seen.has(file.href)) return seen;
  seen.add(file.href);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g))
    reachable(new URL(match[1]!, file), seen);
  return seen;
}

describe('package entry points', () => {
  it('keeps the browser entry free of Node built-ins', () => {
    const files = reachable(new URL('./browser.ts', import.meta.url));
    expect(files.size).toBeGreaterThan(5);
    for (const href of files) {
      expect(readFileSync(new URL(href), 'utf8'), href).not.toMatch(/from ['"]node:/);
    }
    expect(Object.keys(browser)).not.toContain('startDevChain');
  });

  it('exports the browser entry plus the dev chain from the main entry', () => {
    expect(Object.keys(everything).sort()).toEqual(
      [...Object.keys(browser), 'devAccountKeys', 'devChainId', 'devMnemonic', 'startDevChain'].sort(),
    );
  });
});
