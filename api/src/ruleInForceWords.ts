/**
 * The words of the transaction page's rules in force (ours, issue 38), in a module of their own so that they load
 * with that page and not with every route's messages.
 */
/** One rule in force in words (ours, issue 38): "Token: at most 50 holders; receivers not in KP". */
export function ruleInForceWords(rule: {
  scope: string;
  maxHolders: number;
  lockupUntil: number;
  minHolding: string;
  maxHolding: string;
  countries: { mode: 'allow' | 'deny'; list: string[] } | null;
}): string {
  const parts: string[] = [];
  if (rule.maxHolders > 0) parts.push(`at most ${rule.maxHolders} holders`);
  if (rule.lockupUntil > 0)
    parts.push(`locked up until ${new Date(rule.lockupUntil * 1000).toISOString().slice(0, 10)}`);
  if (rule.minHolding !== '0') parts.push(`minimum holding ${rule.minHolding}`);
  if (rule.maxHolding !== '0') parts.push(`maximum holding ${rule.maxHolding}`);
  if (rule.countries)
    parts.push(
      `receivers ${rule.countries.mode === 'allow' ? 'only in' : 'not in'} ${rule.countries.list.join(', ')}`,
    );
  const scope = rule.scope === 'token' ? 'Token' : `Partition ${rule.scope}`;
  return `${scope}: ${parts.join('; ')}`;
}
