import { z } from 'zod';
import { bulkInvestorMessages, draftMessages } from '../messages.ts';
import { addressPattern, maxId, requiredAddress, requiredName, requiredText } from './fields.ts';

/** Part 2, section 9: currencies in the order the form offers them; EUR is the default. */
export const draftCurrencies = ['EUR', 'USD', 'GBP'] as const;
export type DraftCurrency = (typeof draftCurrencies)[number];
export const defaultDraftCurrency: DraftCurrency = 'EUR';
export const defaultExchangeRate = 1;
export const maxSymbolLength = 30;
export const maxTokenNameLength = 255;
/** Exchange rates carry at most this many decimals, so token amounts are computed exactly. */
export const exchangeRateDecimals = 6;
/** The controller of a non-controllable token. */
export const zeroAddress = '0x0000000000000000000000000000000000000000';

/** Draft status (part 2, section 4): 0 saved, 1 deploying, 2 deployed. */
export const draftStatus = { saved: 0, deploying: 1, deployed: 2 } as const;
/** Investor status (part 2, section 4): 2 issued, 3 failed, anything else not yet issued. */
export const investorStatus = { pending: 0, issuing: 1, issued: 2, failed: 3 } as const;

const lowerAddress = (required: string, invalid: string) =>
  requiredAddress(required, invalid).transform((address) => address.toLowerCase());

function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** The most whole tokens one investor can be issued (a PostgreSQL bigint holds the initial balance). */
export const maxInvestorTokens = 2n ** 63n - 1n;

/**
 * Whole tokens an investment buys (a bigint: token amounts never pass through `Number`), and what is left over
 * (the rounding rule, documented in server/README):
 * tokens = floor(investmentAmount / exchangeRate); fiatRemainder = investmentAmount - tokens * exchangeRate (in the
 * draft's currency); tokenRemainder = fiatRemainder / exchangeRate (the fraction of a token not issued, < 1).
 * Computed on integers scaled by 10^6, so the result is exact for rates of up to 6 decimals. A rate of 0 buys nothing.
 */
export function tokensForInvestment(
  investmentAmount: number,
  exchangeRate: number,
): { tokens: bigint; tokenRemainder: number; fiatRemainder: number } {
  const scale = 10n ** BigInt(exchangeRateDecimals);
  const rate = BigInt(Math.round(exchangeRate * Number(scale)));
  if (rate <= 0n || !Number.isFinite(investmentAmount))
    return { tokens: 0n, tokenRemainder: 0, fiatRemainder: investmentAmount };
  const amount = BigInt(Math.trunc(investmentAmount)) * scale;
  const tokens = amount / rate;
  // Both below the rate (at most 10^18): exact enough as numbers for the remainders, which are not token amounts.
  const fiatScaled = amount - tokens * rate;
  const fiatRemainder = Number(fiatScaled) / Number(scale);
  const tokenRemainder = Number((fiatScaled * 1_000_000n) / rate) / 1e6;
  return { tokens, tokenRemainder, fiatRemainder };
}

type NumberMode = 'number' | 'form';

/** A number field: a JSON number in the API; in the form, the typed text converted ('' and text fail). */
function numberField<T extends z.ZodType>(mode: NumberMode, message: string, checks: (n: z.ZodNumber) => T) {
  const schema = checks(z.number({ error: message }));
  if (mode === 'number') return schema;
  return z.preprocess((value) => {
    if (typeof value === 'string') return value.trim() === '' ? Number.NaN : Number(value.trim());
    return value;
  }, schema);
}

function investorEntry(mode: NumberMode) {
  return z.object({
    publicAddress: lowerAddress(draftMessages.investorAddressRequired, draftMessages.investorAddressInvalid),
    investmentAmount: numberField(mode, draftMessages.investorAmountPositive, (n) =>
      n
        .positive(draftMessages.investorAmountPositive)
        .int(draftMessages.investorAmountWhole)
        .max(Number.MAX_SAFE_INTEGER, draftMessages.investorAmountTooLarge),
    ),
  });
}

/** An investor as the API takes it (part 2, section 3: publicAddress and investmentAmount). */
export const investorEntrySchema = investorEntry('number');
export type InvestorEntry = z.input<typeof investorEntrySchema>;

function exchangeRateField(mode: NumberMode) {
  return numberField(mode, draftMessages.exchangeRateInvalid, (n) =>
    n
      .min(0, draftMessages.exchangeRateNegative)
      .refine((rate) => rate > 0, draftMessages.exchangeRateZero)
      .refine((rate) => hasAtMostDecimals(rate, exchangeRateDecimals), draftMessages.exchangeRateDecimals)
      .refine((rate) => rate <= 1e12, draftMessages.exchangeRateInvalid),
  );
}

function tokenDraft(mode: NumberMode) {
  return z
    .object({
      symbol: requiredText(draftMessages.symbolRequired, maxSymbolLength, draftMessages.symbolTooLong)
        .regex(/^[A-Za-z0-9._-]+$/, draftMessages.symbolInvalid)
        .transform((symbol) => symbol.toUpperCase()),
      name: requiredName(draftMessages.nameRequired, maxTokenNameLength, draftMessages.nameTooLong),
      exchangeRate: exchangeRateField(mode).default(defaultExchangeRate),
      currency: z
        .enum(draftCurrencies, { error: draftMessages.currencyRequired })
        .default(defaultDraftCurrency),
      codebaseId: numberField(mode, draftMessages.codebaseRequired, (n) =>
        n
          .int(draftMessages.codebaseRequired)
          .min(1, draftMessages.codebaseRequired)
          .max(maxId, draftMessages.codebaseRequired),
      ),
      whitelistAddress: lowerAddress(draftMessages.whitelistRequired, draftMessages.whitelistInvalid),
      controllerAddress: lowerAddress(draftMessages.controllerRequired, draftMessages.controllerInvalid),
      /** When true the controller cannot be the zero address (the form's controllable switch). */
      isControllable: z.boolean().optional(),
      investors: z
        .array(investorEntry(mode), { error: draftMessages.investorsRequired })
        .min(1, draftMessages.investorsRequired),
    })
    .superRefine((draft, context) => {
      if (draft.isControllable === true && draft.controllerAddress === zeroAddress) {
        context.addIssue({
          code: 'custom',
          message: draftMessages.controllerZero,
          path: ['controllerAddress'],
        });
      }
      const seen = new Set<string>();
      draft.investors.forEach((investor, index) => {
        if (seen.has(investor.publicAddress)) {
          context.addIssue({
            code: 'custom',
            message: bulkInvestorMessages.addressTwice(index + 1),
            path: ['investors', index, 'publicAddress'],
          });
        }
        seen.add(investor.publicAddress);
        const { tokens } = tokensForInvestment(investor.investmentAmount, draft.exchangeRate);
        if (tokens < 1n || tokens > maxInvestorTokens) {
          context.addIssue({
            code: 'custom',
            message:
              tokens < 1n
                ? draftMessages.investmentBelowOneToken(index + 1)
                : draftMessages.investmentTooManyTokens(index + 1),
            path: ['investors', index, 'investmentAmount'],
          });
        }
      });
    });
}

/** One token draft of POST /draft (bulk.tokens[]). */
export const tokenDraftSchema = tokenDraft('number');

/**
 * The New Token form: the same rules on the typed texts (exchange rate, codebase and amounts as strings).
 * Its output is a {@link TokenDraft} ready for POST /draft.
 */
export const tokenDraftFormSchema = tokenDraft('form');
export type TokenDraftForm = {
  symbol: string;
  name: string;
  exchangeRate: string;
  currency: string;
  codebaseId: string;
  whitelistAddress: string;
  controllerAddress: string;
  isControllable: boolean;
  investors: { publicAddress: string; investmentAmount: string }[];
};
export type TokenDraftInput = z.input<typeof tokenDraftSchema>;
export type TokenDraft = z.output<typeof tokenDraftSchema>;

/** POST /draft: bulk.tokens[] (part 2, section 7). */
export const createDraftRequestSchema = z.object({
  bulk: z.object(
    {
      tokens: z
        .array(tokenDraftSchema, { error: draftMessages.draftsRequired })
        .min(1, draftMessages.draftsRequired)
        .max(20, draftMessages.tooManyDrafts),
    },
    { error: draftMessages.draftsRequired },
  ),
});
export type CreateDraftRequest = z.input<typeof createDraftRequestSchema>;

/** The answer of POST /draft: the saved symbols, upper-cased. */
export const createDraftResponseSchema = z.object({ symbols: z.array(z.string()) });
export type CreateDraftResponse = z.output<typeof createDraftResponseSchema>;

export const draftSymbolParamsSchema = z.object({
  symbol: requiredText(draftMessages.symbolRequired, maxSymbolLength, draftMessages.symbolTooLong).transform(
    (s) => s.toUpperCase(),
  ),
});

/**
 * POST /draft/deploy. The deployment runs as a durable server job signed with the registered key of
 * accountAddress (in local mode also an embedded-chain development account); txMode 2 is the only mode that
 * makes sense for a multi-transaction job, and 1 is accepted as a synonym so older consoles keep working.
 */
export const deployDraftRequestSchema = z.object({
  txMode: z.union([z.literal(1), z.literal(2)], { error: draftMessages.txModeInvalid }).default(2),
  symbol: requiredText(draftMessages.symbolRequired, maxSymbolLength, draftMessages.symbolTooLong).transform(
    (s) => s.toUpperCase(),
  ),
  accountAddress: lowerAddress(draftMessages.accountRequired, draftMessages.accountInvalid),
  ownerAddress: lowerAddress(draftMessages.ownerRequired, draftMessages.ownerInvalid),
});
export type DeployDraftRequest = z.input<typeof deployDraftRequestSchema>;

export const deployDraftResponseSchema = z.object({ jobId: z.number(), status: z.number() });

/** Draft investor (read), part 2 section 3. */
export const draftInvestorSchema = z.object({
  investorAddress: z.string(),
  investmentAmount: z.number(),
  /** Whole tokens, a decimal string. */
  initialBalance: z.string(),
  tokenRemainder: z.number(),
  fiatRemainder: z.number(),
  status: z.number(),
  transactionHash: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type DraftInvestor = z.output<typeof draftInvestorSchema>;

/** GET /draft/{symbol}: Draft (read), part 2 section 3, plus the owner and deployment error. */
export const draftSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Whole tokens, a decimal string. */
  totalSupply: z.string(),
  currency: z.string(),
  exchangeRate: z.number(),
  whitelistAddress: z.string(),
  whitelistName: z.string(),
  schemeAddress: z.string(),
  controllerAddress: z.string(),
  codebaseId: z.number(),
  status: z.number(),
  contractAddress: z.string().nullable(),
  ownerAddress: z.string().nullable(),
  /** Why the last deployment stopped (the token could not be deployed), else null. */
  errorMessage: z.string().nullable(),
  investors: z.array(draftInvestorSchema),
});
export type Draft = z.output<typeof draftSchema>;

/** The investor rows of the wizard: the address and the amount as typed. */
export type InvestorRow = { publicAddress: string; amount: string };

export type BulkParseResult = { investors: InvestorEntry[]; errors: string[] };

/**
 * Parses bulk investor text (part 2, section 5): one investor a line, address and amount separated by semicolon,
 * space, comma or tab. Every error cites its row (line) number; blank lines are skipped. `existing` holds the
 * addresses already entered row by row (an address there counts as specified twice).
 */
export function parseBulkInvestors(text: string, existing: readonly string[] = []): BulkParseResult {
  const seen = new Set(existing.map((a) => a.trim().toLowerCase()).filter((a) => a !== ''));
  const investors: InvestorEntry[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const row = index + 1;
    const trimmed = line.trim();
    if (trimmed === '') return;
    const [address = '', amountText, ...rest] = trimmed.split(/[;,\t ]+/);
    if (!addressPattern.test(address)) {
      errors.push(bulkInvestorMessages.addressInvalid(row));
      return;
    }
    const lower = address.toLowerCase();
    if (amountText === undefined || amountText === '') {
      errors.push(bulkInvestorMessages.amountRequired(row));
      return;
    }
    if (rest.length > 0 || !/^[+-]?\d+$/.test(amountText) || !Number.isSafeInteger(Number(amountText))) {
      errors.push(bulkInvestorMessages.amountInvalid(row));
      return;
    }
    const amount = Number(amountText);
    if (amount <= 0) {
      errors.push(bulkInvestorMessages.amountNotPositive(row));
      return;
    }
    if (seen.has(lower)) {
      errors.push(bulkInvestorMessages.addressTwice(row));
      return;
    }
    seen.add(lower);
    investors.push({ publicAddress: lower, investmentAmount: amount });
  });
  return { investors, errors };
}

/** CSV of an investor table: a header row, then address,amount rows. */
export const investorCsvHeader = ['publicAddress', 'investmentAmount'] as const;

/** A CSV file to bulk text: drops a header row whose second column is not a number; otherwise like bulk text. */
export function csvToBulkText(csv: string): string {
  const lines = csv.split(/\r?\n/);
  const first = lines[0]?.split(/[;,\t]/);
  if (
    first &&
    first.length >= 2 &&
    !/^\s*[+-]?\d+\s*$/.test(first[1] ?? '') &&
    !addressPattern.test(first[0]?.trim() ?? '')
  ) {
    lines.shift();
  }
  return lines.map((line) => line.replace(/"/g, '')).join('\n');
}
