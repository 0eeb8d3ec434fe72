import { type Draft, draftStatus, investorStatus } from '@tranche/api';

/** Part 2, section 9: draft polling, success redirect, progress bar start and deploying values. */
export const draftPollMs = 3000;
export const successRedirectMs = 1500;
export const progressStart = 1;
export const progressDeploying = 5;

export type DeployPhase =
  | { kind: 'deploying'; percent: number }
  | { kind: 'issued'; percent: 100 }
  | { kind: 'failed'; message: string; notAllowed: boolean }
  | { kind: 'deployFailed'; message: string };

/**
 * Where a deployment stands (part 2, section 4): 5 while status 1; at status 2 with a contract,
 * (issued + 1) / (investors + 1) in percent; all issued ends it; an investor failure stops it.
 */
export function deployPhase(draft: Draft): DeployPhase {
  if (draft.status !== draftStatus.deploying && draft.errorMessage) {
    return { kind: 'deployFailed', message: draft.errorMessage };
  }
  if (draft.status === draftStatus.deployed && draft.contractAddress) {
    const failed = draft.investors.find((i) => i.status === investorStatus.failed);
    if (failed) {
      const message = `${failed.investorAddress}: ${failed.errorMessage ?? 'the issuance failed'}`;
      return {
        kind: 'failed',
        message,
        notAllowed: (failed.errorMessage ?? '').includes('not allowed to issue tokens'),
      };
    }
    const issued = draft.investors.filter((i) => i.status === investorStatus.issued).length;
    if (issued === draft.investors.length) return { kind: 'issued', percent: 100 };
    return { kind: 'deploying', percent: ((issued + 1) / (draft.investors.length + 1)) * 100 };
  }
  return { kind: 'deploying', percent: progressDeploying };
}

/** Deploy and Delete are enabled only while some investor is not issued (part 2, section 4). */
export function someInvestorNotIssued(draft: Draft): boolean {
  return draft.investors.some((i) => i.status !== investorStatus.issued);
}

/** A deployed draft whose investors are all issued goes to the token page. */
export function isFullyIssued(draft: Draft): boolean {
  return draft.status === draftStatus.deployed && !someInvestorNotIssued(draft);
}

export function investorStatusText(status: number): string {
  if (status === investorStatus.issued) return 'Issued';
  if (status === investorStatus.failed) return 'Failed';
  if (status === investorStatus.issuing) return 'Issuing';
  return 'Not issued';
}
