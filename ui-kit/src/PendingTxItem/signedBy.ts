/** 'Signed by a, b and c' (the approvers' badge tooltip); 'Not signed yet' without signers. */
export function signedByText(signers: readonly string[]): string {
  if (signers.length === 0) return 'Not signed yet';
  if (signers.length === 1) return `Signed by ${signers[0]}`;
  return `Signed by ${signers.slice(0, -1).join(', ')} and ${signers[signers.length - 1]}`;
}
