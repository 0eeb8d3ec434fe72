import fastifyHelmet from '@fastify/helmet';
import { apiErrors, failure } from '@tranche/api';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';

export type SecurityOptions = {
  /** HSTS (and upgrade-insecure-requests) only when the public origin is https. */
  https: boolean;
  /** Origins besides self the console may call (the embedded chain's RPC in local mode). */
  connectSources: string[];
};

/**
 * The console's policy: scripts, styles, fonts, images and workers from this origin only (vanilla-extract emits
 * CSS files; no inline script; inline <style> elements only, for Radix's scroll lock), nothing may frame it, no plugins, no <base>.
 */
export function consoleCsp(options: SecurityOptions): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // Radix's scroll lock (react-remove-scroll, under every Dialog) injects one <style> element while a dialog is
    // open; style elements may therefore be inline. Style attributes in markup stay refused (style-src), and
    // scripts stay strictly from this origin.
    'style-src-elem': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...options.connectSources],
    'worker-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The API docs page (swagger-ui under /api/docs) keeps its own policy: swagger-ui sets element styles as
 * attributes, so styles may be inline there; scripts still only from self.
 */
export const docsCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

/** @fastify/helmet on every answer: the CSP above, nosniff, Referrer-Policy, frame denial, HSTS on https. */
export async function installSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: consoleCsp(options) },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * Answers 421 to a request whose Host is not one of `hostnames` (DNS rebinding: a page of another site whose
 * name resolves to this server's address must not read it).
 */
export function hostGuard(hostnames: readonly string[]): onRequestHookHandler {
  const allowed = new Set(hostnames.map((name) => name.toLowerCase()));
  return async (request, reply) => {
    const hostname = hostnameOf(request.headers.host);
    if (hostname !== undefined && allowed.has(hostname)) return;
    return reply.status(421).send(failure(421, apiErrors.hostNotAllowed));
  };
}

/** The host name of a Host header without its port (`[::1]:3000` → `::1`), lower-cased; undefined if unreadable. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::\d{1,5})?$/i.exec(host.trim());
  const name = match?.[1] ?? match?.[2];
  return name?.toLowerCase().replace(/\.$/, '');
}

const loopbackNames = ['localhost', '127.0.0.1', '::1'];
const unspecified = new Set(['0.0.0.0', '::', '']);

/**
 * The host names this server answers for: PUBLIC_URL's, HOST itself when it is an address, the loopback names
 * when it listens on loopback or on every address, and any listed in ALLOWED_HOSTS.
 */
export function allowedHostnames(input: { host: string; publicUrl?: string; extra?: string[] }): string[] {
  const names = new Set<string>(input.extra?.map((name) => name.toLowerCase()) ?? []);
  if (input.publicUrl) {
    const name = hostnameOf(new URL(input.publicUrl).host);
    if (name) names.add(name);
  }
  const host = input.host.toLowerCase();
  if (!unspecified.has(host)) names.add(host.replace(/^\[|\]$/g, ''));
  if (unspecified.has(host) || isLoopback(host)) for (const name of loopbackNames) names.add(name);
  return [...names];
}

export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}
