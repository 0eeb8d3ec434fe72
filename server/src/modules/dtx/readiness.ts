import { ruleMessages as r } from '@tranche/api';
import { type Contract, getAddress } from 'ethers';

/** An operation that needs a right of the signing key: Access Level 2 on the token's scheme, or the controller. */
export type RightOperation = 'issue' | 'redeem' | 'pause' | 'resume' | 'force' | 'controllerRedeem';

/**
 * The signer's readiness in rights (issue 34): one line per right the key lacks for the operation, read from the
 * token's own views (canIssue, canRedeem, canPause: Access Level 2 on its security scheme; controller), so a
 * server-signed or sharded operation says so at its start and on each approval card, before anyone approves.
 */
export async function readinessOf(
  project: { projectCode: string; securitySchemeAddress: string | null },
  token: Contract,
  operation: RightOperation,
  keyAddress: string,
): Promise<string[]> {
  const key = getAddress(keyAddress);
  try {
    if (operation === 'force' || operation === 'controllerRedeem') {
      const controller = String(await token.getFunction('controller')());
      if (/^0x0{40}$/i.test(controller)) return [r.noControllerOf(project.projectCode)];
      return controller.toLowerCase() === key.toLowerCase()
        ? []
        : [r.notTheController(key, project.projectCode, getAddress(controller))];
    }
    const view = operation === 'issue' ? 'canIssue' : operation === 'redeem' ? 'canRedeem' : 'canPause';
    if ((await token.getFunction(view)(key)) as boolean) return [];
    const scheme = project.securitySchemeAddress ?? String(await token.getFunction('securityScheme')());
    return [r.missingLevel2(key, getAddress(scheme))];
  } catch {
    // A codebase without these views: the chain's refusal words say it.
    return [];
  }
}
