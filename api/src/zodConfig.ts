import { config } from 'zod';

// In a browser the console runs under a Content-Security-Policy without 'unsafe-eval' (server/src/http/security.ts).
// zod compiles object parsers with `new Function` unless told not to, and even its probe for that is reported as
// a CSP violation, so in a browser it parses without compiling. The setting must come before any schema is built:
// index.ts and routes.ts import this module first, and the console's entry (console/src/main.tsx) imports it before
// anything else, since its build splits the schemas into chunks that load later and may skip index.ts (its exports
// are re-exports). The server keeps the compiled parsers.
if ('document' in globalThis) config({ jitless: true });
