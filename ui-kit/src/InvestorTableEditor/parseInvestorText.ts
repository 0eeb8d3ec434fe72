import { isAddress } from '../AddressText/address.ts';

/** One investor being entered: the address and a whole-number amount, as typed. */
export type InvestorEntry = { publicAddress: string; amount: string };

/**
 * The texts of the bulk-entry errors, each citing the (1-based) line number. They are owned by
 * @tranche/api (the draft schema), so the console passes them in.
 */
export type InvestorBulkMessages = {
  amountRequired: (row: number) => string;
  amountInvalid: (row: number) => string;
  amountNotPositive: (row: number) => string;
  duplicateAddress: (row: number, address: string) => string;
  /** Optional: also reject malformed addresses in the text. */
  addressInvalid?: (row: number, address: string) => string;
};

export type InvestorBulkError = { row: number; message: string };
export type InvestorBulkResult = { investors: InvestorEntry[]; errors: InvestorBulkError[] };

const separators = /[;, \t]+/;

/**
 * Parses bulk investor text (part 2 section 5): one investor per line, address and amount
 * separated by semicolon, space, comma or tab; blank lines are skipped. Amounts are integers
 * greater than zero. An address may appear once, counting the rows already entered.
 */
export function parseInvestorText(
  text: string,
  existing: readonly InvestorEntry[],
  messages: InvestorBulkMessages,
): InvestorBulkResult {
  const seen = new Set(existing.map((entry) => entry.publicAddress.trim().toLowerCase()).filter(Boolean));
  const investors: InvestorEntry[] = [];
  const errors: InvestorBulkError[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const row = index + 1;
    const trimmed = line.trim();
    if (trimmed === '') return;
    const [publicAddress = '', amount, ...rest] = trimmed.split(separators);
    const lineErrors: string[] = [];
    if (messages.addressInvalid && !isAddress(publicAddress))
      lineErrors.push(messages.addressInvalid(row, publicAddress));
    if (amount === undefined || amount === '') lineErrors.push(messages.amountRequired(row));
    else if (rest.length > 0 || !/^-?\d+$/.test(amount)) lineErrors.push(messages.amountInvalid(row));
    else if (BigInt(amount) <= 0n) lineErrors.push(messages.amountNotPositive(row));
    const key = publicAddress.toLowerCase();
    if (seen.has(key)) lineErrors.push(messages.duplicateAddress(row, publicAddress));
    seen.add(key);
    if (lineErrors.length > 0) {
      for (const message of lineErrors) errors.push({ row, message });
      return;
    }
    investors.push({ publicAddress, amount: String(BigInt(amount as string)) });
  });
  return { investors, errors };
}
