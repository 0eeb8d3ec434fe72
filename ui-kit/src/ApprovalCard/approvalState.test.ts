import { describe, expect, it } from 'vitest';
import { approvalStates, timeLeftText } from './approvalState.ts';

describe('approvalStates', () => {
  it('needs you, or waits for others, with expiring soon and would fail added', () => {
    expect(approvalStates({ approvedByMe: false, secondsLeft: 7200, precheck: { ok: true } })).toEqual([
      'needsYou',
    ]);
    expect(approvalStates({ approvedByMe: true, secondsLeft: 59, precheck: { ok: false } })).toEqual([
      'waiting',
      'expiringSoon',
      'wouldFail',
    ]);
    expect(approvalStates({ approvedByMe: false, secondsLeft: null, precheck: { ok: true } })).toEqual([
      'needsYou',
    ]);
  });
});

describe('timeLeftText', () => {
  it('reads in the largest two units', () => {
    expect(timeLeftText(0)).toBe('expired');
    expect(timeLeftText(30)).toBe('less than a minute left');
    expect(timeLeftText(90)).toBe('1 min left');
    expect(timeLeftText(7200)).toBe('2 h left');
    expect(timeLeftText(7500)).toBe('2 h 5 min left');
    expect(timeLeftText(2 * 86400)).toBe('2 d left');
    expect(timeLeftText(2 * 86400 + 7 * 3600 + 5)).toBe('2 d 7 h left');
  });
});
