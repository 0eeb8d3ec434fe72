import { ruleInForceWords, type TransactionDetail, transactionMessages } from '@tranche/api';
import { DetailRow } from './DetailRow.tsx';

/**
 * The token's compliance rules when the transaction was mined (issue 38, from the indexed RulesSet history): one
 * line per rule, 'No rules' when none. Nothing for a transaction not mined or not sent to a token of the platform.
 */
export function RulesInForceRow({ rulesInForce }: { rulesInForce: TransactionDetail['rulesInForce'] }) {
  if (!rulesInForce) return null;
  return (
    <DetailRow label={transactionMessages.rulesInForceAt(rulesInForce.blockNumber)}>
      {rulesInForce.rules.length === 0 ? (
        transactionMessages.noRules
      ) : (
        <ul>
          {rulesInForce.rules.map((rule) => (
            <li key={rule.scope}>{ruleInForceWords(rule)}</li>
          ))}
        </ul>
      )}
    </DetailRow>
  );
}
