import { formatAmount, type HolderSearchResult } from '@tranche/api';
import { AddressCombobox, type AddressComboboxOption } from '@tranche/ui-kit';
import { useEffect, useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { api } from '../../../lib/api.ts';

/** How long the field waits after a key before it searches the register. */
const searchDelayMs = 150;

/** The token's register (verified investors and holders) whose name contains `query` or whose address starts with it. */
export async function searchRegister(symbol: string, query: string): Promise<HolderSearchResult[]> {
  if (query.trim() === '') return [];
  return (await api.call('searchHolders', { params: { code: symbol }, query: { q: query.trim() } })).holders;
}

/**
 * The whitelisted legal names of `addresses` the viewer may see (the register answers names only to those who
 * may see the token's investor data): address (lower case) to name; an address nobody named is left out.
 */
export async function registerNames(symbol: string, addresses: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    addresses.map(async (address) => {
      const key = address.toLowerCase();
      try {
        const match = (await searchRegister(symbol, key)).find((row) => row.holderAddress === key);
        if (match?.legalName) names.set(key, match.legalName);
      } catch {
        // A confirmation without names still shows every address in full.
      }
    }),
  );
  return names;
}

/**
 * An address field of a token operation that picks a holder from the token's register by name or by the start of
 * an address (and still takes any address typed in full); validated by the form's zod schema like a text field.
 */
/** The people of a token's register matching `query`, as the combobox lists them (name, address, balance). */
export function useRegisterOptions(symbol: string, query: string): AddressComboboxOption[] {
  const [results, setResults] = useState<HolderSearchResult[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      searchRegister(symbol, query).then(
        (rows) => current && setResults(rows),
        () => current && setResults([]),
      );
    }, searchDelayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [symbol, query]);
  return results.map((row) => ({
    address: row.holderAddress,
    name: row.legalName,
    detail: formatAmount(row.balance, { symbol }),
  }));
}

/** What the register's list says: its name, nobody matching, how many match. */
export const registerListTexts = {
  listLabel: 'Holders and verified investors',
  emptyText: 'No holder or verified investor matches',
  countText: (count: number) => `${count} ${count === 1 ? 'holder' : 'holders'} found`,
};

/**
 * An address field of a token operation that picks a holder from the token's register by name or by the start of
 * an address (and still takes any address typed in full); validated by the form's zod schema like a text field.
 */
export function HolderPicker<Values extends FieldValues>({
  control,
  name,
  label,
  symbol,
  disabled,
}: {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  symbol: string;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  const value = String(field.value ?? '');
  return (
    <AddressCombobox
      {...registerListTexts}
      ref={field.ref}
      name={field.name}
      label={label}
      disabled={disabled}
      value={value}
      onValueChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      options={useRegisterOptions(symbol, value)}
    />
  );
}
