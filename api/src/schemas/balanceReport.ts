import { z } from 'zod';
import { balanceMessages } from '../messages.ts';
import { addressPattern } from './fields.ts';
import { unconfirmedField } from './holders.ts';

/** The wallet address of the balance check (part 2, section 5): not empty or whitespace, an EVM address. */
export const balanceAddressField = () =>
  z
    .string({ error: balanceMessages.addressRequired })
    .trim()
    .min(1, balanceMessages.addressRequired)
    .regex(addressPattern, balanceMessages.addressInvalid);

/** The form of /AddrBalance. */
export const balanceReportFormSchema = z.object({ address: balanceAddressField() });
export type BalanceReportForm = z.input<typeof balanceReportFormSchema>;

export const balanceOfParamsSchema = z.object({
  address: balanceAddressField().transform((address) => address.toLowerCase()),
});

/** One partition of a token the address holds. Balance is the raw token amount as a decimal string. */
export const balanceInfoSchema = z.object({
  /** The partition's name (its bytes32 value decoded). */
  partition: z.string(),
  /** Its descriptive name when the platform knows the partition, else the name. */
  description: z.string(),
  balance: z.string(),
  unconfirmed: unconfirmedField(),
});
export type BalanceInfo = z.output<typeof balanceInfoSchema>;

/** GET /balanceof/{address}: one entry per token the address holds a non-zero balance of. */
export const tokenBalanceReportSchema = z.object({
  projectCode: z.string(),
  projectName: z.string(),
  contractAddress: z.string(),
  projectStatusDescription: z.string(),
  balanceInfo: z.array(balanceInfoSchema),
});
export type TokenBalanceReport = z.output<typeof tokenBalanceReportSchema>;

export const balanceReportSchema = z.array(tokenBalanceReportSchema);
export type BalanceReport = z.output<typeof balanceReportSchema>;
