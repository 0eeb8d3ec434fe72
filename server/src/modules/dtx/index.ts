/** What other modules use of distributed transactions (the approvals inbox, notifications). */
export { expireDue, type ListedDtx, listApprovals, listUnapproved, listVisibleDtx } from './repository.ts';
export { chainErrorLines, partitionBytes, tokenCall } from './tokenCall.ts';
export { type RightOperation, readinessOf } from './readiness.ts';
export { failureWords } from './failure.ts';
