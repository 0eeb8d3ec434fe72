/** Every path of the console with the spec's capitalisation, and the spec's named routes as link builders. */
export const paths = {
  root: '/',
  login: '/Login',
  signUp: '/SignUp',
  forgotPassword: '/ForgotPassword',
  resetPassword: '/ResetPassword/:token',
  newToken: '/NewToken',
  viewTokenDraft: '/ViewTokenDraft',
  tokens: '/Tokens',
  tokenInfo: '/TokenInfo',
  whitelists: '/Whitelists',
  permissions: '/Permissions',
  addrBalance: '/AddrBalance',
  keys: '/Keys',
  sharding: '/Sharding',
  resharding: '/Resharding',
  confirmResharding: '/ConfirmResharding',
  viewTransaction: '/ViewTransaction',
  viewRegularTransaction: '/ViewRegularTransaction',
  transactionHistory: '/TransactionHistory',
  myDistributions: '/Distributions',
  approvals: '/Approvals',
  notificationPreferences: '/NotificationPreferences',
  webhooks: '/Webhooks',
  /** A token's audit trail (?token=SYMBOL): operations log, verification, regulator packs, auditors. */
  audit: '/Audit',
  /** A token's reports at a block (?token=SYMBOL&block=N): cap table, holder concentration, distributions. */
  reports: '/Reports',
  localAddress: '/local/address/:addr',
  localTx: '/local/tx/:addr',
  localBlock: '/local/block/:addr',
  localMail: '/local/mail',
  /** Local mode: a sign-up's own mail before any session (?address=). */
  localSignUpMail: '/local/mail/sign-up',
} as const;

/** The four pages a visitor may see without a session, and local mode's sign-up mail. */
export const publicPaths: readonly string[] = [
  paths.login,
  paths.signUp,
  paths.forgotPassword,
  '/ResetPassword',
  paths.localSignUpMail,
];

export function isPublicPath(pathname: string): boolean {
  return publicPaths.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The spec's named routes (part 1, section 2). */
export const routeTo = {
  Login: () => paths.login,
  NewTokenDraft: () => paths.newToken,
  /** A page link keeps `term=` even when blank (/Tokens?page={n}&term={text}). */
  Tokens: ({ term, page }: { term?: string; page?: number } = {}) =>
    page === undefined
      ? withQuery(paths.tokens, { term })
      : `${paths.tokens}?${new URLSearchParams({ page: String(page), term: term ?? '' })}`,
  ViewTokenDraft: (token: string) => withQuery(paths.viewTokenDraft, { token }),
  TokenInfo: (token: string) => withQuery(paths.tokenInfo, { token }),
  Audit: (token: string) => withQuery(paths.audit, { token }),
  Reports: (token: string) => withQuery(paths.reports, { token }),
  ViewTransaction: (id: string | number) => withQuery(paths.viewTransaction, { id }),
  ViewRegularTransaction: (hash: string) => withQuery(paths.viewRegularTransaction, { hash }),
  /** My transactions at a page, with its filters (kind, token, status) when set. */
  TransactionHistory: (page?: number, filter: { kind?: string; token?: string; status?: string } = {}) =>
    withQuery(paths.transactionHistory, { page, ...filter }),
  ConfirmResharding: () => paths.confirmResharding,
  Approvals: () => paths.approvals,
  ResetPassword: (token: string) => `/ResetPassword/${encodeURIComponent(token)}`,
  LocalAddress: (address: string) => `/local/address/${address}`,
  LocalTx: (hash: string) => `/local/tx/${hash}`,
  LocalBlock: (block: string | number) => `/local/block/${block}`,
  LocalSignUpMail: (address: string) => withQuery(paths.localSignUpMail, { address }),
} as const;
