/** What other modules use of the audit module: the platform's audit keys (GET /config names them). */
export { anchorKey, packSigningKey } from './keys.ts';
