import { loadErrorMessages } from '@tranche/api';
import { Heading, Spinner, Stack, Text, TextLink } from '@tranche/ui-kit';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { routeTo } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { useLoad } from '../../../lib/useLoad.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { AuditorsCard } from './AuditorsCard.tsx';
import { LogCard } from './LogCard.tsx';
import { PacksCard } from './PacksCard.tsx';
import { VerifyCard } from './VerifyCard.tsx';

const roleTexts = {
  owner: 'You own this token: you may grant read-only auditors.',
  manager: 'You manage this token (its controller or an operator of its scheme).',
  auditor:
    'You are a read-only auditor of this token: you see its registers, history and log, and act on nothing.',
} as const;

/** /Audit?token=SYMBOL: the token's operations log, its verification, regulator packs and (for the owner) auditors. */
export function AuditPage() {
  const [params] = useSearchParams();
  const symbol = (params.get('token') ?? '').trim();
  // The first page of the log tells the viewer's role (403 for anyone without one).
  const first = useLoad(
    (signal) => api.call('auditLog', { params: { symbol }, query: { page: 1, pageSize: 1 }, signal }),
    [symbol],
  );
  if (first.state.status === 'loading') return <Spinner label="Loading the audit trail" />;
  if (first.state.status === 'error') {
    return (
      <ErrorAlert error={first.state.error} prefix={loadErrorMessages.couldNot('load the audit trail')} />
    );
  }
  const role = first.state.data.role;
  return (
    <Stack space="large">
      <Stack space="small">
        <Heading level={1}>{`Audit trail of ${symbol}`}</Heading>
        <Text tone="muted">{roleTexts[role]}</Text>
        <TextLink href={routeTo.TokenInfo(symbol)} renderLink={renderRouterLink}>
          {`Back to ${symbol}`}
        </TextLink>
      </Stack>
      <VerifyCard symbol={symbol} canAnchor={role !== 'auditor'} />
      <LogCard symbol={symbol} />
      <PacksCard symbol={symbol} />
      {role === 'owner' ? <AuditorsCard symbol={symbol} /> : null}
    </Stack>
  );
}
