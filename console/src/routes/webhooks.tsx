import { WebhooksPage } from '../features/webhooks/index.ts';

export function WebhooksRoute() {
  return <WebhooksPage />;
}
