/**
 * With NODE_ENV=production the server refuses to start while a setting is missing or unsafe: one line per problem
 * (main.ts prints them all and exits 1), so an operator fixes everything in one go.
 */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const value = (name: string) => {
    const text = env[name]?.trim();
    return text === undefined || text === '' ? undefined : text;
  };
  const problems: string[] = [];
  if (value('SMTP_URL') === undefined && value('MAIL') !== 'disabled') {
    problems.push(
      'Set SMTP_URL (smtp://user:password@host:587 or smtps://...): sign-up codes, password resets and PDF passwords go by mail. MAIL=disabled runs without any mail.',
    );
  }
  const publicUrl = value('PUBLIC_URL');
  if (publicUrl === undefined) {
    problems.push(
      'Set PUBLIC_URL to the https address users open (e.g. https://tranche.example.com): links in mails and the allowed Host name come from it.',
    );
  } else if (/^http:/i.test(publicUrl) && value('ALLOW_HTTP') !== '1') {
    problems.push(
      `PUBLIC_URL=${publicUrl} is plain http: passwords and sessions would cross the network unencrypted. Use https (TLS at the reverse proxy), or set ALLOW_HTTP=1 if TLS ends before this server on a private network.`,
    );
  }
  const jwtSecret = value('JWT_SECRET');
  if (jwtSecret === undefined || Buffer.byteLength(jwtSecret) < 32) {
    problems.push(
      `${jwtSecret === undefined ? 'Set JWT_SECRET' : 'JWT_SECRET is shorter than 256 bits'}: use at least 32 random bytes (e.g. openssl rand -base64 48), the same on every instance.`,
    );
  }
  const masterKey = value('MASTER_KEY');
  if (masterKey === undefined || !isFullMasterKey(masterKey)) {
    problems.push(
      `${masterKey === undefined ? 'Set MASTER_KEY' : 'MASTER_KEY is not 256 bits'}: 64 hexadecimal digits or 44 base64 characters of random bytes (e.g. openssl rand -hex 32), kept with the backups and the same on every instance.`,
    );
  }
  if (value('LOCAL_ALLOW_REMOTE') !== undefined) {
    problems.push(
      'Unset LOCAL_ALLOW_REMOTE: it opens local mode (funded dev keys, mail outbox) to other machines and has no place in production.',
    );
  }
  if (value('TRANCHE_WEBHOOK_ALLOW_PRIVATE') !== undefined) {
    problems.push(
      'Unset TRANCHE_WEBHOOK_ALLOW_PRIVATE: it lets webhooks reach private and loopback addresses, a test hook only.',
    );
  }
  return problems;
}

function isFullMasterKey(text: string): boolean {
  return /^[0-9a-fA-F]{64}$/.test(text) || Buffer.from(text, 'base64').length === 32;
}
