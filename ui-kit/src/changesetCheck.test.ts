// @vitest-environment node
/**
 * The release rule `pnpm lint` runs (scripts/check-changeset.mjs), on a real git repository in a temp dir: a branch
 * that changes a file under ui-kit/src without a changeset fails with one line that says what to do; with a
 * changeset, or when only tests changed, it passes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = resolve(import.meta.dirname, '../../scripts/check-changeset.mjs');
let repo: string;

const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
function write(file: string, text: string) {
  mkdirSync(dirname(join(repo, file)), { recursive: true });
  writeFileSync(join(repo, file), text);
}
function commit(message: string) {
  git('add', '-A');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', message);
}
function check() {
  const run = spawnSync(process.execPath, ['scripts/check-changeset.mjs'], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, CHANGESET_BASE_REF: 'main' },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'tranche-changeset-'));
  git('init', '-q', '-b', 'main');
  mkdirSync(join(repo, 'scripts'));
  copyFileSync(script, join(repo, 'scripts', 'check-changeset.mjs'));
  write('ui-kit/src/Button/Button.css.ts', "export const padding = 'small';\n");
  write('ui-kit/src/Button/Button.test.tsx', '// test\n');
  commit('main');
  git('checkout', '-q', '-b', 'feature');
});

afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
});

describe('the changeset check', () => {
  it('fails a branch that changes ui-kit/src without a changeset, with one clear line', () => {
    write('ui-kit/src/Button/Button.css.ts', "export const padding = 'large';\n");
    commit('Button: more padding');
    const { status, output } = check();
    expect(status).toBe(1);
    expect(output).toBe(
      'changeset check: 1 file(s) under ui-kit/src changed since main (ui-kit/src/Button/Button.css.ts) without a changeset. Run `pnpm changeset` (choose @tranche/ui-kit, say what changed for the teams that embed the kit) and commit the .changeset/*.md file.',
    );
  });

  it('passes once the branch adds a changeset', () => {
    write('ui-kit/src/Button/Button.css.ts', "export const padding = 'large';\n");
    commit('Button: more padding');
    write('.changeset/button-padding.md', '---\n"@tranche/ui-kit": patch\n---\n\nButton has more padding.\n');
    commit('changeset');
    expect(check()).toEqual({
      status: 0,
      output: 'changeset check: ok (1 ui-kit/src file(s) changed since main, with a changeset).',
    });
  });

  it('passes a branch that changes only tests', () => {
    write('ui-kit/src/Button/Button.test.tsx', '// another test\n');
    commit('test only');
    expect(check()).toEqual({
      status: 0,
      output: 'changeset check: ok (0 ui-kit/src file(s) changed since main).',
    });
  });
});
