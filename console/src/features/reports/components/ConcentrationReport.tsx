import { formatAmount, loadErrorMessages } from '@tranche/api';
import {
  Card,
  HolderConcentrationChart,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
} from '@tranche/ui-kit';
import { api } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { Address } from '../../config/index.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { BlockLine, blockQuery } from './reportParts.tsx';

/** The holder concentration at a block: the largest holders' shares as a chart, and the cumulative shares. */
export function ConcentrationReport({ symbol, block }: { symbol: string; block: number | undefined }) {
  const { state } = useLoad(
    (signal) =>
      api.call('reportConcentration', { params: { code: symbol }, query: blockQuery(block), signal }),
    [symbol, block],
  );
  const amount = (value: string | bigint) => formatAmount(value);
  return (
    <Card title="Holder concentration">
      {state.status === 'loading' ? (
        <Skeleton label="Loading the holder concentration" shape="details" rows={4} />
      ) : null}
      {state.status === 'error' ? (
        <ErrorAlert
          error={state.error}
          prefix={loadErrorMessages.couldNot('load the holder concentration')}
        />
      ) : null}
      {state.status === 'ready' ? (
        <Stack>
          <BlockLine
            blockNumber={state.data.blockNumber}
            blockTime={state.data.blockTime}
            headBlock={state.data.headBlock}
          />
          <Text>{`${state.data.holders} holders of ${amount(state.data.totalSupply)}`}</Text>
          <HolderConcentrationChart
            holders={state.data.top.map((h) => ({
              label: h.legalName ?? h.holderAddress,
              balance: BigInt(h.balance),
              detail: <Address address={h.holderAddress} name={h.legalName ?? undefined} />,
            }))}
            rest={BigInt(state.data.restBalance)}
            formatAmount={amount}
          />
          {state.data.cumulative.length > 0 ? (
            <Table caption="Share of the largest holders" cardsOnPhone>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>Largest holders</TableHeaderCell>
                  <TableHeaderCell align="right">Balance</TableHeaderCell>
                  <TableHeaderCell align="right">% of supply</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {state.data.cumulative.map((step) => (
                  <TableRow key={step.count}>
                    <TableCell label="Largest holders">
                      {step.count === 1 ? 'The largest holder' : `The ${step.count} largest holders`}
                    </TableCell>
                    <TableCell label="Balance" align="right">
                      {amount(step.balance)}
                    </TableCell>
                    <TableCell label="% of supply" align="right">{`${step.share}%`}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </Stack>
      ) : null}
    </Card>
  );
}
