/** The states an approval card shows (each a badge; 'needsYou' and 'waiting' exclude each other). */
export const approvalCardStates = ['needsYou', 'waiting', 'expiringSoon', 'wouldFail'] as const;
export type ApprovalCardState = (typeof approvalCardStates)[number];

/** Under this many seconds left, an operation is 'expiring soon'. */
export const expiringSoonSeconds = 3600;

export function approvalStates(item: {
  approvedByMe: boolean;
  secondsLeft: number | null;
  precheck: { ok: boolean };
}): ApprovalCardState[] {
  const states: ApprovalCardState[] = [item.approvedByMe ? 'waiting' : 'needsYou'];
  if (item.secondsLeft !== null && item.secondsLeft < expiringSoonSeconds) states.push('expiringSoon');
  if (!item.precheck.ok) states.push('wouldFail');
  return states;
}

/** 90 → '1 min left', 7500 → '2 h 5 min left', 200000 → '2 d 7 h left', 0 → 'expired'. */
export function timeLeftText(seconds: number): string {
  if (seconds <= 0) return 'expired';
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h left` : `${hours} h ${minutes % 60} min left`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d left` : `${days} d ${hours % 24} h left`;
}
