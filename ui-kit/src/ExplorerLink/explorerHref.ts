export const explorerKinds = ['address', 'tx', 'block'] as const;
export type ExplorerKind = (typeof explorerKinds)[number];

/** Where explorer links go: a public explorer URL template, or the app's local pages on a local chain. */
export type ExplorerConfig = {
  /** e.g. 'https://sepolia.etherscan.io/{kind}/{value}'; `{kind}` is address, tx or block. */
  urlTemplate?: string;
  /** On a local chain links go to `/local/{kind}/{value}` (the app's local-environment pages). */
  isLocal?: boolean;
};

/** The href for an address, transaction hash or block, or null when no explorer is configured. */
export function explorerHref(kind: ExplorerKind, value: string, config: ExplorerConfig): string | null {
  const encoded = encodeURIComponent(value);
  if (config.isLocal) return `/local/${kind}/${encoded}`;
  if (!config.urlTemplate) return null;
  return config.urlTemplate.replaceAll('{kind}', kind).replaceAll('{value}', encoded);
}
