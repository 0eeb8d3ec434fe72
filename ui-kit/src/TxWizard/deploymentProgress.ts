export type DeploymentProgressInput = {
  /** The draft's status from the last poll: 1 deploying, 2 deployed; null before the first answer. */
  draftStatus: number | null;
  contractAddress?: string | null;
  /** Investors issued so far (investor status 2). */
  issued: number;
  investors: number;
};

/**
 * The deployment bar of part 2 section 4, in percent: 1 at the start, 5 while deploying
 * (status 1), then (issued + 1) / (investors + 1) once deployed (status 2) with a contract address.
 */
export function deploymentProgress({
  draftStatus,
  contractAddress,
  issued,
  investors,
}: DeploymentProgressInput): number {
  if (draftStatus === 2 && contractAddress) {
    const total = Math.max(0, investors) + 1;
    return ((Math.min(Math.max(0, issued), total - 1) + 1) / total) * 100;
  }
  if (draftStatus === 1 || draftStatus === 2) return 5;
  return 1;
}
