/**
 * The workspace's import rules, checked by `pnpm lint` (dependency-cruiser).
 * A rule that fires fails the lint; `pnpm exec depcruise --config .dependency-cruiser.cjs <dir>` shows why.
 */
const sources = '^(console|server|ui-kit|api)/src/';
const features = '^console/src/features/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'No import cycle in console/src, server/src, ui-kit/src or api/src (type-only imports included).',
      from: { path: sources },
      to: { circular: true },
    },
    {
      name: 'ui-kit-is-generic',
      severity: 'error',
      comment: 'The ui-kit knows nothing of the console, the API contract or ethers.',
      from: { path: '^ui-kit/src/' },
      to: { path: ['^console/', '^api/', 'node_modules/ethers/', 'node_modules/@tranche/(api|console)/'] },
    },
    {
      name: 'features-through-index',
      severity: 'error',
      comment: "A feature imports another feature only through that feature's index.ts.",
      from: { path: `${features}([^/]+)/` },
      to: {
        path: features,
        pathNot: [`${features}$1/`, `${features}[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'routes-through-index',
      severity: 'error',
      comment: 'Route files compose features through their index.ts only.',
      from: { path: '^console/src/routes/' },
      to: { path: features, pathNot: `${features}[^/]+/index\\.tsx?$` },
    },
    {
      name: 'nothing-imports-app',
      severity: 'error',
      comment: 'app/ composes the console; only main.tsx (and app/ itself) imports it.',
      from: { path: '^console/src/', pathNot: ['^console/src/main\\.tsx$', '^console/src/app/'] },
      to: { path: '^console/src/app/' },
    },
    {
      name: 'lib-is-the-ground-floor',
      severity: 'error',
      comment: 'console/src/lib is used by every feature and uses none (nor routes, nor app).',
      from: { path: '^console/src/lib/' },
      to: { path: '^console/src/(features|routes|app)/' },
    },
    {
      name: 'server-modules-through-index-or-services',
      severity: 'error',
      comment:
        "A server module reaches another only through that module's index.ts or service.ts (the shared services live outside modules/: chain, jobs, db, mail); its drizzle tables (schema.ts) are the shared data model. Tests and their builders (testing.ts, and the crash table's rows crashRows.ts) may reach anything.",
      from: {
        path: '^server/src/modules/([^/]+)/',
        pathNot: ['\\.test\\.ts$', '/testing\\.ts$', '/crashRows\\.ts$'],
      },
      to: {
        path: '^server/src/modules/[^/]+/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/(index|service|schema)\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', 'storybook-static'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
