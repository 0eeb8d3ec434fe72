import type { WebhookDeliveryRow } from './DeliveryLog.tsx';

/** Story and test data: one event retried three times, then delivered; another delivered at once. */
export const deliveryFixtures: WebhookDeliveryRow[] = [
  {
    id: 7,
    eventId: 'evt_2Hq9x0b1',
    eventType: 'token.issued',
    attempt: 1,
    status: 'retrying',
    statusCode: 500,
    attemptedOn: '2026-11-23T14:00:00.000Z',
    error: 'HTTP 500',
  },
  {
    id: 8,
    eventId: 'evt_2Hq9x0b1',
    eventType: 'token.issued',
    attempt: 2,
    status: 'retrying',
    statusCode: null,
    attemptedOn: '2026-11-23T14:00:05.000Z',
    error: 'connect ECONNREFUSED',
  },
  {
    id: 9,
    eventId: 'evt_2Hq9x0b1',
    eventType: 'token.issued',
    attempt: 3,
    status: 'retrying',
    statusCode: 503,
    attemptedOn: '2026-11-23T14:00:25.000Z',
    error: 'HTTP 503',
  },
  {
    id: 10,
    eventId: 'evt_2Hq9x0b1',
    eventType: 'token.issued',
    attempt: 4,
    status: 'delivered',
    statusCode: 200,
    attemptedOn: '2026-11-23T14:01:45.000Z',
  },
  {
    id: 11,
    eventId: 'evt_7Kd1p3c9',
    eventType: 'dtx.executed',
    attempt: 1,
    status: 'delivered',
    statusCode: 204,
    attemptedOn: '2026-11-23T14:05:00.000Z',
  },
];
