// The token page's parts from other features that load after its first paint (TokenInfoPage.tsx imports this module
// with `import()`): the start dialog of a sharded account's operation, whose comment is checked by the start
// request's schema (with it the dtx and sharding schemas), and the Distributions tab, whose wizard reads the chain's
// clock. Imported through here rather than `import()` of the features' index files, which the console's other
// chunks import statically: the bundler then kept the entry's shared modules in chunks of their own.
export { DistributionsTab } from '../../distributions/index.ts';
export { StartDtxDialog } from '../../pending/index.ts';
