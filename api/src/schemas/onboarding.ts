import { z } from 'zod';
import { forgotPasswordRequestSchema } from './accounts.ts';
import { localMessages } from '../messages.ts';
import { addressPattern } from './fields.ts';

/**
 * The issuer's first hour (issue 34): the order of work a newcomer follows, each step ticked from the account's own
 * records (GET /onboarding).
 */
export const onboardingStepIds = ['scheme', 'rights', 'whitelist', 'token', 'distribution'] as const;
export type OnboardingStepId = (typeof onboardingStepIds)[number];

/** GET /onboarding: the steps in order, each done or not, and the first one not done (null once all are). */
export const onboardingSchema = z.object({
  steps: z.array(z.object({ id: z.enum(onboardingStepIds), done: z.boolean() })),
  next: z.enum(onboardingStepIds).nullable(),
});
export type Onboarding = z.output<typeof onboardingSchema>;

/** What each step of the checklist says (title, then what to do there). */
export const onboardingTexts = {
  title: 'Get started',
  intro: 'Issuing a token takes five steps, in this order. Each is ticked once your account has done it.',
  localWallet:
    'In local mode you need no private key: connect the wallet selector’s Local development account and choose “Your development account”. It holds test ETH and tUSD, and the server signs your rights, whitelist saves, bulk operations and pushes with it.',
  done: 'Done',
  notDone: 'Not done yet',
  steps: {
    scheme: {
      title: 'Deploy a security scheme',
      description: 'The scheme holds who may issue, redeem and pause your tokens.',
      action: 'Open Access Rights',
    },
    rights: {
      title: 'Grant access rights',
      description: 'Give your wallet (or your team) the operator right and the access levels in your scheme.',
      action: 'Open Access Rights',
    },
    whitelist: {
      title: 'Whitelist your investors',
      description: 'Deploy a whitelist on your scheme and save the verified addresses of your investors.',
      action: 'Open Whitelists',
    },
    token: {
      title: 'Deploy your first token',
      description: 'Prepare a token draft with its investors and deploy it.',
      action: 'Open New Token',
    },
    distribution: {
      title: 'Pay your first distribution',
      description: "Pay a dividend to your token's holders from its Distributions tab.",
      action: 'Open My Tokens',
    },
  } satisfies Record<OnboardingStepId, { title: string; description: string; action: string }>,
} as const;

/** A decimal string of base units (wei, tUSD's 6 decimals). */
const baseUnits = z.string().regex(/^\d+$/);

/**
 * GET /local/dev-account (local mode): the caller's own development account, a fresh key registered for server
 * signing and funded with ETH and the test stable token (tUSD). `eth` and `tusd` are base units.
 */
export const devAccountSchema = z.object({
  address: z.string().regex(addressPattern),
  registered: z.boolean(),
  eth: baseUnits,
  tusd: baseUnits,
});
export type DevAccount = z.output<typeof devAccountSchema>;

/** GET /local/shared-accounts (local mode): the embedded chain's ten public accounts and who registered each. */
export const sharedDevAccountSchema = z.object({
  index: z.number().int(),
  address: z.string().regex(addressPattern),
  /** The login of the account that registered its key, or null. */
  usedBy: z.string().nullable(),
});
export const sharedDevAccountsSchema = z.array(sharedDevAccountSchema);
export type SharedDevAccount = z.output<typeof sharedDevAccountSchema>;

/** POST /local/shared-accounts/register: one click registers a public development account for server signing. */
export const registerSharedAccountSchema = z.object({
  address: z
    .string({ error: localMessages.addressInvalid })
    .regex(addressPattern, localMessages.addressInvalid),
});

/** GET /local/outbox/sign-up?emailAddress=: the sign-up mail of a not yet confirmed account (local mode, loopback). */
export const signUpMailQuerySchema = forgotPasswordRequestSchema;

/** The texts of local mode's newcomer aids: the development account in the wallet selector and the sign-up mail. */
export const localDevTexts = {
  ownAccount: 'Your development account',
  ownAccountHint:
    'A key of your own, made for you in local mode, funded with test ETH and tUSD and registered for the operations the server signs.',
  sharedHeading: 'Shared development accounts',
  sharedHint:
    'The embedded chain’s ten public accounts: anyone can read their keys. One that another login uses may be refused for the operations the server signs.',
  sharedAccount: (usedBy: string | null) => (usedBy ? `Used by ${usedBy}` : 'Not used by any account'),
  balances: (eth: string, tusd: string) => `${eth} ETH, ${tusd} tUSD`,
  signUpMailLink: 'Read your confirmation code in the local outbox',
  signUpMailLinkBefore: 'Signed up already? Your confirmation code is in the local outbox',
  signUpMailTitle: 'Your sign-up mail',
  signUpMailIntro:
    'In local mode mail stays on this machine. Enter the address you signed up with to read the confirmation code sent to it.',
  signUpMailNone:
    'No sign-up mail for this address: it may be confirmed already (log in), or not signed up yet (sign up first).',
  signUpMailShow: 'Show my mail',
  backToSignUp: 'Back to sign up',
  notSharedAccount: 'Only the embedded chain’s public development accounts can be registered with one click.',
} as const;

/** The wallet chip in the header: who is connected, with what, and whether the server can sign for it. */
export const walletChipTexts = {
  label: 'Connected account',
  registered: (yes: boolean) => `Registered for server signing: ${yes ? 'yes' : 'no'}`,
  sharded: 'Signs through approvals',
  register: 'Register',
  registering: 'Registering…',
  registerHint: 'Register this address on the My Keys page with its private key.',
  balanceUnknown: 'ETH balance unknown',
} as const;
