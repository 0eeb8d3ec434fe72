import type { Holder, HoldersResponse } from '@tranche/api';
import type { SortingState } from '@tranche/ui-kit';

/** An order the server sorts a whole table by: one of its sort columns, ascending or descending. */
export type ServerOrder<C extends string> = { sort: C; order: 'asc' | 'desc' };

/** The header state that shows a server order. */
export function sortingOf<C extends string>(order: ServerOrder<C>): SortingState {
  return [{ id: order.sort, desc: order.order === 'desc' }];
}

/** The server order a header click asks for; null when the column is not one the server sorts by. */
export function orderOf<C extends string>(
  sorting: SortingState,
  columns: readonly C[],
): ServerOrder<C> | null {
  const first = sorting[0];
  const sort = columns.find((name) => name === first?.id);
  if (!first || sort === undefined) return null;
  return { sort, order: first.desc ? 'desc' : 'asc' };
}

/** Which holders page to ask for: by number alone (page 1), or after the last / before the first row of a page. */
export type HoldersPageRequest = { page: number; after?: string; before?: string };

type Cursors = Pick<HoldersResponse, 'firstCursor' | 'lastCursor'>;

/** The page after `page`: the rows after its last one. */
export function nextHoldersPage(page: number, shown: Cursors): HoldersPageRequest {
  return shown.lastCursor ? { page: page + 1, after: shown.lastCursor } : { page: page + 1 };
}

/** The page before `page`: the rows before its first one, or page 1 from the start (also when the page was empty). */
export function previousHoldersPage(page: number, shown: Cursors): HoldersPageRequest {
  if (page - 1 <= 1 || !shown.firstCursor) return { page: 1 };
  return { page: page - 1, before: shown.firstCursor };
}

/**
 * Every holder of a partition in the order asked, read page by page with the cursor of the last row (each
 * page costs the same, however deep), until a page comes back with fewer rows than `pageSize`.
 */
export async function allHolders(
  pageSize: number,
  readPage: (request: HoldersPageRequest) => Promise<HoldersResponse>,
): Promise<Holder[]> {
  const rows: Holder[] = [];
  let request: HoldersPageRequest = { page: 1 };
  for (;;) {
    const answer = await readPage(request);
    rows.push(...answer.pagedResults);
    if (answer.pagedResults.length < pageSize || !answer.lastCursor) return rows;
    request = nextHoldersPage(request.page, answer);
  }
}
