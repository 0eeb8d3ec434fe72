import { type ApiClient, type ApiClientOptions, createApiClient as createClient } from './client.ts';
import { routes } from './routes.ts';

/** The API client checking every answer against its route's schema in the full table (routes.ts). */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return createClient({ answers: routes, ...options });
}
