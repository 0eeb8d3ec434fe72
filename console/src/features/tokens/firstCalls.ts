// The reads the token pages make first, light enough for the console's entry (app/router.tsx starts them at start,
// before the page's code has loaded; lib/api.ts's callEarly). The pages read their input with the same functions, so
// that their own call finds the early answer.
import { callEarly } from '../../lib/api.ts';

/** /Tokens?page={n}&term={text}: a page below 1 or not a whole number is page 1. */
export function tokensSearchOf(params: URLSearchParams): { page: number; term: string } {
  const page = Number(params.get('page'));
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, term: params.get('term') ?? '' };
}

/** /TokenInfo?token={symbol}. */
export function tokenSymbolOf(params: URLSearchParams): string {
  return params.get('token') ?? '';
}

export function startTokensCalls(params: URLSearchParams): void {
  callEarly('searchProjects', { query: tokensSearchOf(params) });
}

export function startTokenInfoCalls(params: URLSearchParams): void {
  const code = tokenSymbolOf(params);
  if (code) callEarly('getProject', { params: { code } });
}
