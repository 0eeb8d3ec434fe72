import { z } from 'zod';

// In a browser the console runs under a Content-Security-Policy without 'unsafe-eval' (server/src/http/security.ts).
// zod compiles object parsers with `new Function` unless told not to, and even its probe for that is reported as
// a CSP violation, so in a browser it parses without compiling. This module is imported first by index.ts: the
// setting must come before any schema is built. The server keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
