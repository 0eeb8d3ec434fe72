// In a browser the console runs under a Content-Security-Policy without 'unsafe-eval' (server/src/http/security.ts).
// zod compiles object parsers with `new Function` unless told not to, and even its probe for that is reported as
// a CSP violation, so in a browser it parses without compiling. The setting must come before any schema is built:
// index.ts and routes.ts import this module first, and the console's entry (console/src/main.tsx) imports it before
// anything else, since its build splits the schemas into chunks that load later and may skip index.ts (its exports
// are re-exports). The server keeps the compiled parsers.
//
// The setting is written where zod keeps its configuration, `globalThis.__zod_globalConfig` (zod/v4/core/core.js
// creates it only when missing, so every copy of zod shares it), rather than through `config` from 'zod': that
// import would put zod's core in the console's first load, which the sign-in page otherwise does without.
// console/src/lib/zodConfig.test.ts checks that zod reads it.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

if ('document' in globalThis) {
  const zodGlobal = globalThis as ZodGlobal;
  zodGlobal.__zod_globalConfig ??= {};
  zodGlobal.__zod_globalConfig.jitless = true;
}
