import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, isPrivateAddress, privateAddressesAllowed, RefusedAddressError } from './ssrf.ts';

/** How long an endpoint has to accept the connection, and to answer in all (connection included). */
export const webhookConnectTimeoutMs = 3_000;
export const webhookTimeoutMs = 10_000;

export type SendResult = { statusCode: number | null; error: string | null };

/**
 * POSTs one signed webhook (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature over
 * `${id}.${timestamp}.${body}` with the endpoint's secret). Redirects are not followed (a 3xx is a failure); the
 * answer's body is not read beyond its status. Errors are short texts without the secret or the body.
 */
export async function sendWebhook(
  url: string,
  secret: string,
  messageId: string,
  body: string,
  signal?: AbortSignal,
): Promise<SendResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!privateAddressesAllowed() && isIP(host) && isPrivateAddress(host))
    return { statusCode: null, error: new RefusedAddressError(host).message };
  const timestamp = new Date();
  const signature = new Webhook(secret).sign(messageId, timestamp, body);
  const request = target.protocol === 'https:' ? https.request : http.request;
  return new Promise<SendResult>((resolve) => {
    const timers: NodeJS.Timeout[] = [];
    const settle = (result: SendResult) => {
      for (const timer of timers) clearTimeout(timer);
      resolve(result);
    };
    const req = request(
      target,
      {
        method: 'POST',
        lookup: guardedLookup as never,
        signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Tranche-Webhooks/1',
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => settle({ statusCode: res.statusCode ?? null, error: null }));
        res.on('error', () => settle({ statusCode: res.statusCode ?? null, error: null }));
      },
    );
    // A total deadline (an endpoint that accepts and never answers, or answers a byte at a time, holds a delivery
    // slot at most this long) and a shorter one for the connection (a reused keep-alive socket is connected).
    const refuse = (text: string) => () => req.destroy(new Error(text));
    timers.push(setTimeout(refuse(`no answer within ${webhookTimeoutMs / 1000} s`), webhookTimeoutMs));
    const connecting = setTimeout(
      refuse(`no connection within ${webhookConnectTimeoutMs / 1000} s`),
      webhookConnectTimeoutMs,
    );
    timers.push(connecting);
    req.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connecting);
      else socket.once('connect', () => clearTimeout(connecting));
    });
    req.on('error', (error: Error) => settle({ statusCode: null, error: error.message.slice(0, 300) }));
    req.end(body);
  });
}

/** 2xx is delivered; anything else (3xx included) is retried. */
export const isDelivered = (result: SendResult) =>
  result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
