import http from 'node:http';

/**
 * The round-robin proxy of `pnpm start:cluster` (cluster.ts): each request goes to the next live instance, with
 * X-Forwarded-For set to this proxy's peer (a client's own X-Forwarded-For is replaced, never passed on), so the
 * instances, which trust loopback (TRUST_PROXY=loopback), see and throttle each client rather than the proxy.
 */
export function createClusterProxy(livePorts: () => number[]): http.Server {
  let next = 0;
  return http.createServer((request, response) => {
    const ports = livePorts();
    const port = ports[next++ % Math.max(1, ports.length)];
    if (port === undefined) {
      response.writeHead(503).end();
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
}
