import { reportMessages, reportQuerySchema } from '@tranche/api';
import { Button, Heading, Inline, Stack, Text, TextField, TextLink } from '@tranche/ui-kit';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { routeTo } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { CapTableReport } from './CapTableReport.tsx';
import { ConcentrationReport } from './ConcentrationReport.tsx';
import { DistributionHistoryReport } from './DistributionHistoryReport.tsx';

/** The block of ?block=, when it is one (parsed with the API's rule); undefined for the latest. */
function blockOf(params: URLSearchParams): number | undefined {
  const parsed = reportQuerySchema.safeParse({ block: params.get('block') ?? undefined });
  return parsed.success ? parsed.data.block : undefined;
}

/**
 * /Reports?token=SYMBOL&block=N: the token's cap table, holder concentration and distribution history at a block
 * (the latest the indexer has read without one), each from its GET /reports/{code}/... route.
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('token') ?? '').trim();
  const block = blockOf(params);
  const [text, setText] = useState(block === undefined ? '' : String(block));
  const [error, setError] = useState<string | null>(null);

  const show = (next: number | undefined) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === undefined) updated.delete('block');
        else updated.set('block', String(next));
        return updated;
      },
      { replace: true },
    );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportQuerySchema.safeParse({ block: text.trim() === '' ? undefined : text.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    show(parsed.data.block);
  };
  const handleLatest = () => {
    setText('');
    setError(null);
    show(undefined);
  };

  if (symbol === '') return <TokenChoice />;
  return (
    <Stack space="large">
      <Stack space="small">
        <Heading level={1}>{`Reports of ${symbol}`}</Heading>
        <Text tone="muted">
          The cap table, the holder concentration and the distribution history at a block of the chain.
        </Text>
        <TextLink href={routeTo.TokenInfo(symbol)} renderLink={renderRouterLink}>
          {`Back to ${symbol}`}
        </TextLink>
      </Stack>
      <form onSubmit={handleSubmit} aria-label="Block of the reports" noValidate>
        <Stack space="small">
          <TextField
            label="Block"
            help="Leave empty for the latest block."
            inputMode="numeric"
            value={text}
            error={error ?? undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <Inline space="small">
            <Button type="submit">Show reports</Button>
            <Button type="button" variant="secondary" onClick={handleLatest} disabled={block === undefined}>
              Latest block
            </Button>
          </Inline>
        </Stack>
      </form>
      <CapTableReport symbol={symbol} block={block} />
      <ConcentrationReport symbol={symbol} block={block} />
      <DistributionHistoryReport symbol={symbol} block={block} />
    </Stack>
  );
}

/**
 * /Reports without ?token= (the navigation's Reports menu): the token whose reports to show, by its symbol, as a
 * token page's Reports link gives it.
 */
function TokenChoice() {
  const [, setParams] = useSearchParams();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const token = text.trim();
    if (token === '') {
      setError(reportMessages.symbolRequired);
      return;
    }
    setError(null);
    setParams({ token });
  };
  return (
    <Stack space="large">
      <Stack space="small">
        <Heading level={1}>Reports</Heading>
        <Text tone="muted">
          The cap table, the holder concentration and the distribution history of a token at a block of the
          chain.
        </Text>
      </Stack>
      <form onSubmit={handleSubmit} aria-label="Token of the reports" noValidate>
        <Stack space="small">
          <TextField
            label="Token symbol"
            value={text}
            error={error ?? undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <Inline space="small">
            <Button type="submit">Show reports</Button>
          </Inline>
        </Stack>
      </form>
    </Stack>
  );
}
