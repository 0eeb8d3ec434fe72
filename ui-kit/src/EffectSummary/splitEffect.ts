/** 'Issue 1,000 ABC to 0x12…ef on partition default: total supply 10 → 11; holders 5 → 6' → headline and figures. */
export function splitEffect(effect: string): { headline: string; figures: string[] } {
  const at = effect.indexOf(': ');
  if (at < 0) return { headline: effect, figures: [] };
  return {
    headline: effect.slice(0, at),
    figures: effect
      .slice(at + 2)
      .split('; ')
      .filter((part) => part !== ''),
  };
}
