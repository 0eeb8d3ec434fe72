import {
  balanceMessages,
  loadErrorMessages,
  type ProjectListItem,
  projectStatuses,
  type SearchProjectsResponse,
  tokenScreenTexts,
} from '@tranche/api';
import {
  Alert,
  Button,
  Heading,
  Pagination,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@tranche/ui-kit';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { routeTo } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { ErrorAlert } from '../../forms/index.ts';
import { tokensSearchOf } from '../firstCalls.ts';
import { Address } from '../../config/index.ts';

/** Where a token row leads: a draft (status 1) to ViewTokenDraft, otherwise TokenInfo. */
export function tokenHref(row: Pick<ProjectListItem, 'projectCode' | 'projectStatus'>): string {
  return row.projectStatus === projectStatuses.draft
    ? routeTo.ViewTokenDraft(row.projectCode)
    : routeTo.TokenInfo(row.projectCode);
}

/** The Tokens page (part 1, section 2): search results with paging links /Tokens?page={n}&term={text}. */
export function TokensPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { page, term } = tokensSearchOf(params);
  const [load, setLoad] = useState<
    | { status: 'loading' }
    | { status: 'error'; error: unknown }
    | { status: 'ready'; data: SearchProjectsResponse }
  >({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setLoad({ status: 'loading' });
    api
      .call('searchProjects', { query: { page, term } })
      .then((data) => !cancelled && setLoad({ status: 'ready', data }))
      .catch((error: unknown) => !cancelled && setLoad({ status: 'error', error }));
    return () => {
      cancelled = true;
    };
  }, [page, term]);

  return (
    <Stack space="large">
      <Heading level={1}>Tokens</Heading>
      {load.status === 'loading' ? (
        <Skeleton label="Loading the tokens" shape="table" rows={10} columns={7} />
      ) : null}
      {load.status === 'error' ? <ErrorAlert error={load.error} prefix={loadErrorMessages.tokens} /> : null}
      {load.status === 'ready' && load.data.pagedResults.length === 0 ? (
        <Alert tone="warning" title={balanceMessages.noTokensTitle}>
          {balanceMessages.noTokens}
        </Alert>
      ) : null}
      {load.status === 'ready' && load.data.pagedResults.length > 0 ? (
        <>
          <Table caption="Tokens" cardsOnPhone>
            <TableHead>
              <TableRow>
                <TableHeaderCell>View</TableHeaderCell>
                <TableHeaderCell>Symbol</TableHeaderCell>
                <TableHeaderCell>Token</TableHeaderCell>
                <TableHeaderCell>Owner</TableHeaderCell>
                <TableHeaderCell>Controller</TableHeaderCell>
                <TableHeaderCell>Whitelist</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {load.data.pagedResults.map((row) => (
                <TableRow key={row.projectCode} onClick={() => navigate(tokenHref(row))}>
                  <TableCell>
                    <Button
                      size="small"
                      variant="secondary"
                      aria-label={`View ${row.projectCode}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        navigate(tokenHref(row));
                      }}
                    >
                      View
                    </Button>
                  </TableCell>
                  <TableCell label="Symbol">{row.projectCode}</TableCell>
                  <TableCell label="Token">{row.projectName}</TableCell>
                  <TableCell label="Owner">
                    {row.ownerAddress ? (
                      <Address address={row.ownerAddress} />
                    ) : (
                      tokenScreenTexts.ownerMissing
                    )}
                  </TableCell>
                  <TableCell label="Controller">
                    {row.controllerAddress ? (
                      <Address address={row.controllerAddress} />
                    ) : (
                      tokenScreenTexts.controllerMissing
                    )}
                  </TableCell>
                  <TableCell label="Whitelist">{row.whitelistName ?? row.whitelistAddress ?? ''}</TableCell>
                  <TableCell label="Status">{row.projectStatusDescription}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {load.data.totalPages > 1 ? (
            <Pagination
              page={page}
              totalPages={load.data.totalPages}
              hrefForPage={(n) => routeTo.Tokens({ page: n, term })}
              renderLink={renderRouterLink}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
