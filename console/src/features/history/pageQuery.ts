/** The page of a `?page=` query value: a whole number of at least 1, anything else reads as 1. */
export function pageFromQuery(value: string | null | undefined): number {
  const text = (value ?? '').trim();
  if (!/^\d{1,9}$/.test(text)) return 1;
  return Math.max(1, Number(text));
}

/** The number of pages to show: below 1 is shown as 1. */
export function shownPageCount(totalPages: number): number {
  return Number.isFinite(totalPages) && totalPages >= 1 ? Math.floor(totalPages) : 1;
}

/** The filters of My transactions in the query (kind, token, status); a blank one is no filter. */
export type HistoryFilter = { kind: string; token: string; status: string };

export function filterFromQuery(params: URLSearchParams): HistoryFilter {
  const read = (name: string) => (params.get(name) ?? '').trim();
  return { kind: read('kind'), token: read('token'), status: read('status') };
}
