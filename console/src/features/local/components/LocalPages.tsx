import { loadErrorMessages } from '@tranche/api';
import { EmptyState, Spinner, Stack, Text } from '@tranche/ui-kit';
import { formatEther } from 'ethers';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { ErrorAlert } from '../../forms/index.ts';
import { type Load, useLoad } from '../../../lib/useLoad.ts';
import { ChainLink } from '../../history/index.ts';
import { DecodedCall, EventList, RawInput } from './Decoded.tsx';
import { Fact, Facts } from './Facts.tsx';
import { LocalPageFrame } from './LocalPageFrame.tsx';
import { TokenTransferList } from './TokenTransferList.tsx';
import { TxList } from './TxList.tsx';

function Loaded<T>({
  load,
  what,
  children,
}: {
  load: Load<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (load.status === 'loading') return <Spinner label={`Loading the ${what}`} />;
  if (load.status === 'error')
    return <ErrorAlert error={load.error} prefix={loadErrorMessages.couldNot(`load the ${what}`)} />;
  return <>{children(load.data)}</>;
}

function mono(value: string | number) {
  return (
    <Text as="span" mono breakAll>
      {String(value)}
    </Text>
  );
}

function time(iso: string) {
  return iso ? new Date(iso).toLocaleString() : 'Not mined yet';
}

/** /local/address/{addr}. */
export function LocalAddressPage() {
  const addr = useParams().addr ?? '';
  const { state } = useLoad(
    (signal) => api.call('localAddress', { params: { address: addr }, signal }),
    [addr],
  );
  return (
    <LocalPageFrame title="Local Ethereum Address" addr={addr}>
      <Loaded load={state} what="address">
        {(data) => (
          <Stack space="large">
            <Facts caption="Address">
              <Fact label="Address">{mono(data.address)}</Fact>
              <Fact label="Balance">{`${data.balanceEther} ETH`}</Fact>
              <Fact label="Transactions sent">{data.transactionCount}</Fact>
              <Fact label="Contract">{data.isContract ? `Yes (${data.codeSize} bytes of code)` : 'No'}</Fact>
              <Fact label="Known as">
                {data.knownAs
                  ? `${data.knownAs.name} (${data.knownAs.kind})`
                  : 'Not a contract of this platform'}
              </Fact>
            </Facts>
            {data.recentTransactions.length > 0 ? (
              <TxList
                caption={`Transactions in the last ${data.blocksSearched} blocks:`}
                transactions={data.recentTransactions}
              />
            ) : (
              <EmptyState
                title="No recent transactions"
                text={`No transaction from or to this address in the last ${data.blocksSearched} blocks.`}
              />
            )}
            {data.tokenTransfers.length > 0 ? (
              <TokenTransferList
                caption={`Token transfers (ERC-20) in the last ${data.blocksSearched} blocks:`}
                transfers={data.tokenTransfers}
              />
            ) : (
              <EmptyState
                title="No token transfers"
                text={`No ERC-20 transfer from or to this address in the last ${data.blocksSearched} blocks.`}
              />
            )}
          </Stack>
        )}
      </Loaded>
    </LocalPageFrame>
  );
}

/** /local/tx/{addr}: the route parameter is a transaction hash. */
export function LocalTxPage() {
  const addr = useParams().addr ?? '';
  const { state } = useLoad(
    (signal) => api.call('localTransaction', { params: { hash: addr }, signal }),
    [addr],
  );
  return (
    <LocalPageFrame title="Local Ethereum Tx" addr={addr}>
      <Loaded load={state} what="transaction">
        {(tx) => (
          <Stack space="large">
            <Facts caption="Transaction">
              <Fact label="Transaction hash">{mono(tx.hash)}</Fact>
              <Fact label="Status">
                {tx.status === 'success' ? 'Success' : tx.status === 'reverted' ? 'Reverted' : 'Pending'}
              </Fact>
              <Fact label="Block">
                {tx.blockNumber === null ? (
                  'Not mined yet'
                ) : (
                  <ChainLink kind="block" value={tx.blockNumber} />
                )}
              </Fact>
              <Fact label="Time">{time(tx.timestamp)}</Fact>
              <Fact label="Confirmations">{tx.confirmations}</Fact>
              <Fact label="From">
                <ChainLink kind="address" value={tx.from} />
              </Fact>
              <Fact label="To">
                {tx.to ? <ChainLink kind="address" value={tx.to} /> : 'Contract creation'}
              </Fact>
              <Fact label="Contract created">
                {tx.contractAddress ? <ChainLink kind="address" value={tx.contractAddress} /> : 'None'}
              </Fact>
              <Fact label="Value">{`${formatEther(tx.value)} ETH`}</Fact>
              <Fact label="Nonce">{tx.nonce}</Fact>
              <Fact label="Gas limit">{tx.gasLimit}</Fact>
              <Fact label="Gas used">{tx.gasUsed || 'Not mined yet'}</Fact>
              <Fact label="Gas price (wei)">{tx.gasPrice}</Fact>
              <Fact label="Events logged">{tx.logCount}</Fact>
              <Fact label="Function called">
                {tx.call ? (
                  <DecodedCall call={tx.call} />
                ) : tx.input === '0x' ? (
                  'None (a plain transfer of ETH)'
                ) : tx.to ? (
                  'A function no contract of this platform has'
                ) : (
                  'None (the input data deploys a contract)'
                )}
              </Fact>
              <Fact label="Input data">{tx.input === '0x' ? 'None' : <RawInput input={tx.input} />}</Fact>
            </Facts>
            {tx.events.length > 0 && <EventList events={tx.events} />}
          </Stack>
        )}
      </Loaded>
    </LocalPageFrame>
  );
}

/** /local/block/{addr}: the route parameter is a block number or hash. */
export function LocalBlockPage() {
  const addr = useParams().addr ?? '';
  const { state } = useLoad((signal) => api.call('localBlock', { params: { block: addr }, signal }), [addr]);
  return (
    <LocalPageFrame title="Local Ethereum Block" addr={addr}>
      <Loaded load={state} what="block">
        {(block) => (
          <Stack space="large">
            <Facts caption="Block">
              <Fact label="Block number">{block.number}</Fact>
              <Fact label="Block hash">{mono(block.hash)}</Fact>
              <Fact label="Parent block">
                {block.number > 0 ? (
                  <ChainLink kind="block" value={block.number - 1}>
                    {block.parentHash}
                  </ChainLink>
                ) : (
                  'None (genesis)'
                )}
              </Fact>
              <Fact label="Time">{time(block.timestamp)}</Fact>
              <Fact label="Miner">{mono(block.miner)}</Fact>
              <Fact label="Gas used">{block.gasUsed}</Fact>
              <Fact label="Gas limit">{block.gasLimit}</Fact>
              <Fact label="Base fee (wei)">{block.baseFeePerGas}</Fact>
              <Fact label="Latest block of the chain">{block.latestBlock}</Fact>
            </Facts>
            {block.transactions.length > 0 ? (
              <TxList caption="Transactions of this block:" transactions={block.transactions} />
            ) : (
              <EmptyState title="No transactions" text="This block holds no transactions." />
            )}
          </Stack>
        )}
      </Loaded>
    </LocalPageFrame>
  );
}
