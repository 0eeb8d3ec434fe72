import { type Holder, type HoldersResponse, holderSortColumns } from '@tranche/api';
import { describe, expect, it } from 'vitest';
import {
  allHolders,
  type HoldersPageRequest,
  nextHoldersPage,
  orderOf,
  previousHoldersPage,
  sortingOf,
} from './serverPaging.ts';

function holder(n: number): Holder {
  return {
    holderAddress: `0x${n}`,
    balance: String(n),
    legalName: null,
    verificationTransactionHash: null,
    unconfirmed: false,
  };
}

/** A holders answer with `rows`, the cursors naming its first and last row as the server would (opaque). */
function answer(rows: Holder[], page = 1): HoldersResponse {
  return {
    totalRows: 0,
    totalPages: 0,
    currentPage: page,
    pageSize: rows.length,
    pagedResults: rows,
    firstCursor: rows[0] ? `c${rows[0].balance}` : null,
    lastCursor: rows.at(-1) ? `c${rows.at(-1)?.balance}` : null,
  };
}

describe('server order', () => {
  it('shows an order on the headers and reads a header click back, only for columns the server sorts by', () => {
    expect(sortingOf({ sort: 'balance', order: 'desc' })).toEqual([{ id: 'balance', desc: true }]);
    expect(orderOf([{ id: 'legalName', desc: false }], holderSortColumns)).toEqual({
      sort: 'legalName',
      order: 'asc',
    });
    expect(orderOf([{ id: 'verificationTransactionHash', desc: true }], holderSortColumns)).toBeNull();
    expect(orderOf([], holderSortColumns)).toBeNull();
  });
});

describe('holders pages', () => {
  const shown = answer([holder(9), holder(8)], 2);

  it('goes on after the last row and back before the first, and back to page 1 without a cursor', () => {
    expect(nextHoldersPage(2, shown)).toEqual({ page: 3, after: 'c8' });
    expect(previousHoldersPage(3, shown)).toEqual({ page: 2, before: 'c9' });
    expect(previousHoldersPage(2, shown)).toEqual({ page: 1 });
    expect(previousHoldersPage(4, answer([], 4))).toEqual({ page: 1 });
  });

  it('exports by walking the cursors until a page comes back short', async () => {
    const all = Array.from({ length: 5 }, (_, i) => holder(50 - i));
    const asked: HoldersPageRequest[] = [];
    const rows = await allHolders(2, async (request) => {
      asked.push(request);
      const start = request.after ? all.findIndex((h) => `c${h.balance}` === request.after) + 1 : 0;
      return answer(all.slice(start, start + 2), request.page);
    });
    expect(rows).toEqual(all);
    expect(asked).toEqual([{ page: 1 }, { page: 2, after: 'c49' }, { page: 3, after: 'c47' }]);
  });

  it('asks once more when the last page is full, and stops at the empty page', async () => {
    const asked: HoldersPageRequest[] = [];
    const rows = await allHolders(2, async (request) => {
      asked.push(request);
      return request.after ? answer([]) : answer([holder(2), holder(1)]);
    });
    expect(rows.map((h) => h.balance)).toEqual(['2', '1']);
    expect(asked).toEqual([{ page: 1 }, { page: 2, after: 'c1' }]);
  });
});
