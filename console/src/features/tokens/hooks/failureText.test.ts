import { ApiError, txTypes } from '@tranche/api';
import { describe, expect, it } from 'vitest';
import { failureText } from './useTokenTransaction.ts';

describe('failureText (part 1, section 8)', () => {
  it("leads delete, transfer, redeem, attach and remove failures with 'Could not … due to the following error'", () => {
    const cause = new ApiError(409, 'The balance is too low for this amount');
    expect(failureText(txTypes.removeDocument, cause)).toBe(
      'Could not delete the document due to the following error: The balance is too low for this amount',
    );
    expect(failureText(txTypes.forceTransfer, cause)).toMatch(
      /^Could not transfer the tokens due to the following error: /,
    );
    expect(failureText(txTypes.tokenRedeem, cause)).toMatch(
      /^Could not redeem the tokens due to the following error: /,
    );
    expect(failureText(txTypes.controllerRedeem, cause)).toMatch(
      /^Could not redeem the tokens due to the following error: /,
    );
    expect(failureText(txTypes.addDocument, cause)).toMatch(
      /^Could not attach the document due to the following error: /,
    );
    expect(failureText(txTypes.removeController, cause)).toMatch(
      /^Could not remove the controller due to the following error: /,
    );
  });

  it('keeps the plain message for operations the spec gives no lead', () => {
    expect(
      failureText(txTypes.tokenIssue, new ApiError(409, 'Token trading is paused: resume trading first')),
    ).toBe('Token trading is paused: resume trading first');
  });
});
