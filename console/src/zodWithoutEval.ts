import { z } from 'zod';

// The console runs under a Content-Security-Policy without 'unsafe-eval' (server/src/http/security.ts). zod
// compiles object parsers with `new Function` unless told not to, and even its probe for that is reported as a
// CSP violation: it parses without compiling. Imported first by main.tsx, before any schema is built.
z.config({ jitless: true });
