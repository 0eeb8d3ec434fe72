// The server's public surface, for tests in tests/ and benchmarks in bench/ (run through tsx).
export { type AppDeps, buildApp } from './app.ts';
export { type ChainService, createChainService, probeChain } from './chain/chainService.ts';
export { checkKnownContracts } from './chain/contractCheck.ts';
export { explorerTemplates, loadConfig, repoRoot, type ServerConfig } from './config.ts';
export { type AppContext, defaultPasswordHashing, type PasswordHashingOptions } from './context.ts';
export { decryptSecret, decryptSecretText, encryptSecret } from './crypto/aesGcm.ts';
export { type Database, type DatabaseHandle, type DatabaseKind, openDatabase } from './db/database.ts';
export { HttpError, StartupError } from './errors.ts';
export { registerRoute } from './http/routing.ts';
export { createSessionService, type SessionService } from './http/sessions.ts';
export { loggerOptions } from './logging.ts';
export { createOutboxMailer, createSmtpMailer, type Mailer, type MailMessage } from './mail/mailer.ts';
export type { ServerModule } from './modules/registry.ts';
export { demoLogin } from './seed.ts';
export { type RunningServer, startServer } from './server.ts';
