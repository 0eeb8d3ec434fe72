/** The TokenInfo page's tabs, in their order; `?tab=` names one (parsed, never cast). */
export const tokenTabs = [
  'holders',
  'balance',
  'controller',
  'operators',
  'documents',
  'distributions',
  'rules',
  'bulk',
  'transfer',
] as const;
export type TokenTab = (typeof tokenTabs)[number];

/**
 * /TokenInfo?token={symbol}&tab={tab}: the tab a link or a reload asks for, when this viewer is shown it
 * (`available`); otherwise Token Holders.
 */
export function tokenTabOf(params: URLSearchParams, available: readonly TokenTab[] = tokenTabs): TokenTab {
  const asked = params.get('tab');
  const tab = tokenTabs.find((candidate) => candidate === asked);
  return tab && available.includes(tab) ? tab : 'holders';
}
