import {
  type AccountTransactionsPage,
  transactionStatuses,
  transactionStatusNames,
  txTypeCodes,
  txTypeDescriptions,
} from '@tranche/api';
import { Inline, Select, shortenAddress } from '@tranche/ui-kit';
import { useNavigate } from 'react-router-dom';
import { routeTo } from '../../../lib/paths.ts';
import type { HistoryFilter } from '../pageQuery.ts';

const kindOptions = [...txTypeCodes]
  .map((code) => ({ value: String(code), label: txTypeDescriptions[code] }))
  .sort((a, b) => a.label.localeCompare(b.label));

const statusOptions = transactionStatuses.map((status) => ({
  value: status,
  label: transactionStatusNames[status],
}));

/** The filters of My transactions (issue 34): kind, token (the contracts of the account's transactions), status. */
export function HistoryFilters({
  filter,
  contracts,
}: {
  filter: HistoryFilter;
  contracts: AccountTransactionsPage['contracts'];
}) {
  const navigate = useNavigate();
  const handleChange = (name: keyof HistoryFilter) => (value: string) =>
    navigate(routeTo.TransactionHistory(undefined, { ...filter, [name]: value }));
  const contractOptions = contracts.map((contract) => ({
    value: contract.address,
    label: contract.name || shortenAddress(contract.address),
  }));
  // A token in the query that is not among the account's contracts stays selectable (the list then reads empty).
  if (filter.token && !contractOptions.some((option) => option.value === filter.token))
    contractOptions.push({ value: filter.token, label: shortenAddress(filter.token) });
  const selects = [
    { name: 'kind', label: 'Kind', placeholder: 'All kinds', options: kindOptions },
    {
      name: 'token',
      label: 'Token or contract',
      placeholder: 'All tokens and contracts',
      options: contractOptions,
    },
    { name: 'status', label: 'Status', placeholder: 'All statuses', options: statusOptions },
  ] as const;
  return (
    <Inline space="medium" align="flex-end">
      {selects.map((select) => (
        <Select
          key={select.name}
          label={select.label}
          placeholder={select.placeholder}
          options={select.options}
          value={filter[select.name]}
          onChange={handleChange(select.name)}
        />
      ))}
    </Inline>
  );
}
