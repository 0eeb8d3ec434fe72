import type { InvestorBulkMessages } from './parseInvestorText.ts';

/** Story and test texts; the console passes the real ones from @tranche/api. */
export const exampleInvestorMessages: InvestorBulkMessages = {
  amountRequired: (row) => `Row ${row}: the investment amount is required`,
  amountInvalid: (row) => `Row ${row}: the investment amount is invalid`,
  amountNotPositive: (row) => `Row ${row}: the investment amount cannot be zero or negative`,
  duplicateAddress: (row, address) => `Row ${row}: the address ${address} is specified twice`,
};
