import type { FastifyInstance } from 'fastify';

/**
 * Runs `tick` every `intervalMs` while the app is up (from onReady to onClose), never two at once; a failed tick
 * is logged as `what` and tried again at the next one. For reconcilers that look at the data and record what is
 * owed under unique keys (notifications, webhooks).
 */
export function everyWhileUp(
  app: FastifyInstance,
  intervalMs: number,
  what: string,
  tick: () => Promise<void>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await tick();
    } catch (error) {
      app.log.warn({ err: error }, `${what} failed (tried again)`);
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
