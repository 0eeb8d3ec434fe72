// The ui-kit's release rule, run by `pnpm lint`: a branch whose commits change a file under ui-kit/src (tests
// excepted) must add a changeset (.changeset/*.md, `pnpm changeset`) or a ui-kit/CHANGELOG.md entry in the same
// range. The range is merge-base(base, HEAD)..HEAD, base being $CHANGESET_BASE_REF, else origin/main, else main:
// on main itself (CI's fresh clone) the range is empty, so what is already merged never fails the check.
import { execFileSync } from 'node:child_process';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const exists = (ref) => {
  try {
    git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
    return true;
  } catch {
    return false;
  }
};

const base = [process.env.CHANGESET_BASE_REF, 'origin/main', 'main'].find((ref) => ref && exists(ref));
if (!base) {
  console.log(
    'changeset check: no base ref (CHANGESET_BASE_REF, origin/main or main) to compare with; nothing to check.',
  );
  process.exit(0);
}
const from = git('merge-base', base, 'HEAD');
const changed = git('diff', '--name-only', `${from}..HEAD`).split('\n').filter(Boolean);
const kit = changed.filter((file) => file.startsWith('ui-kit/src/') && !/\.test\.tsx?$/.test(file));
const noted = changed.some(
  (file) =>
    (/^\.changeset\/.+\.md$/.test(file) && file !== '.changeset/README.md') || file === 'ui-kit/CHANGELOG.md',
);
if (kit.length > 0 && !noted) {
  console.error(
    `changeset check: ${kit.length} file(s) under ui-kit/src changed since ${base} (${kit.slice(0, 3).join(', ')}${kit.length > 3 ? ', …' : ''}) without a changeset. Run \`pnpm changeset\` (choose @tranche/ui-kit, say what changed for the teams that embed the kit) and commit the .changeset/*.md file.`,
  );
  process.exit(1);
}
console.log(
  `changeset check: ok (${kit.length} ui-kit/src file(s) changed since ${base}${kit.length ? ', with a changeset' : ''}).`,
);
