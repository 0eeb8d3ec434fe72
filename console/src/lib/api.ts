import type { RouteId } from '@tranche/api';
import { apiErrors, errorTitles } from '@tranche/api/accountMessages';
import { answersOf } from '@tranche/api/answers';
import { type ApiClient, ApiError, createApiClient } from '@tranche/api/client';
import { downloadBlob } from './download.ts';

/** What the API client asks of the session; the app installs it at start (`installApiSession`). */
export type ApiSession = {
  /** The stored session token, if any. */
  getToken: () => string | null | undefined;
  /** A protected call answered 401: the session is over. */
  onUnauthorized: () => void;
};

let session: ApiSession = { getToken: () => undefined, onUnauthorized: () => {} };

/** Installs the session behind the API client: which token to send and what a 401 does. Called once by the app. */
export function installApiSession(next: ApiSession): void {
  session = next;
}

/**
 * The console's API client (`api`, below): same origin, the installed session's token, and a 401 handed to the
 * session. Requests are built from the light route table; each answer is checked against its route's schema, loaded
 * with the call (one group of routes at a time, `@tranche/api/answers`) and awaited with its answer, so no page's
 * first load carries a schema.
 */
const shared = { baseUrl: '', getToken: () => session.getToken(), answers: answersOf };
const client = createApiClient({ ...shared, onUnauthorized: () => session.onUnauthorized() });
/**
 * The client of the reads started at start: a 401 there ends nothing, as the session check (`GET /auth`, itself one
 * of them) is taken by RequireAuth, which decides and says why, whichever answer arrives first.
 */
const earlyClient = createApiClient(shared);
/** `call` over any route and input (the typed signature is `ApiClient['call']`). */
type AnyCall = (id: RouteId, input?: KeyInput) => Promise<unknown>;

/** How long a call started early waits for the page that asked for it: after that the page asks the server anew. */
const earlyCallMs = 10_000;
const earlyCalls = new Map<
  string,
  { answer: Promise<unknown>; until: number; token: string | null | undefined }
>();

/** The input a call of route `Id` takes, as `api.call` has it. */
type InputOf<Id extends RouteId> =
  Parameters<typeof client.call<Id>> extends [unknown, ...infer Rest] ? Rest : never;

type KeyInput = { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined;

/** One key per route and input, whatever the order of its fields (a `signal` is not part of it). */
function callKey(id: RouteId, input: KeyInput): string {
  const sorted = (fields?: Record<string, unknown>) =>
    Object.entries(fields ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)])
      .sort(([a], [b]) => ((a as string) < (b as string) ? -1 : 1));
  return JSON.stringify([id, sorted(input?.params), sorted(input?.query)]);
}

/**
 * Starts a page's first read at start (main.tsx, a route's `firstCalls`), beside the page's code instead of after
 * its first render. The page's own call with the same route and input, made within {@link earlyCallMs}, takes
 * this answer instead of asking again; only that first call does, and only in the same session (an early call
 * refused with an expired session is not the answer of the session that logs in next). For reads (GET) only.
 */
export function callEarly<Id extends RouteId>(id: Id, ...input: InputOf<Id>): void {
  const answer = (earlyClient.call as AnyCall)(id, input[0] as KeyInput);
  answer.catch(() => undefined);
  earlyCalls.set(callKey(id, input[0] as KeyInput), {
    answer,
    until: Date.now() + earlyCallMs,
    token: session.getToken(),
  });
}

export const api: ApiClient = {
  call: ((id, input) => {
    const key = callKey(id, input);
    const early = earlyCalls.get(key);
    earlyCalls.delete(key);
    if (early && Date.now() <= early.until && early.token === session.getToken()) return early.answer;
    return (client.call as AnyCall)(id, input);
  }) as ApiClient['call'],
  url: client.url,
};

/**
 * The wording of what the chain, a wallet or the network answered (`@tranche/api/chainErrors`): a chunk of its own,
 * asked for as soon as this module loads (a few kB the first page need not wait for, issue 19's budgets); the
 * modules that talk to the chain import it themselves, so it is there before any chain error can be.
 */
let chainWording: ((error: unknown) => string) | undefined;
export const chainWordingLoaded = import('@tranche/api/chainErrors').then((module) => {
  chainWording = module.chainErrorMessage;
});
chainWordingLoaded.catch(() => undefined);

/**
 * Title and text of the spec's error alert for a failed call: 'Validation error' for a server answer, else 'Error'
 * with what the chain, wallet or network said in a sentence with the next step (never the provider's text).
 */
export function describeError(error: unknown, prefix?: string): { title: string; message: string } {
  if (error instanceof ApiError) {
    return { title: errorTitles[error.message] ?? apiErrors.validationTitle, message: error.message };
  }
  const text = chainWording ? chainWording(error) : error instanceof Error ? error.message : String(error);
  return { title: 'Error', message: prefix ? `${prefix}: ${text}` : text };
}

/** Downloads a file answer of the API (a register's CSV or PDF) with the session's token. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = session.getToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  downloadBlob(fileName, await response.blob());
}
