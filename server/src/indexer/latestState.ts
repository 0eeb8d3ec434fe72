import { and, eq } from 'drizzle-orm';
import { projects } from '../modules/projects/schema.ts';
import { securitySchemes } from '../modules/rbac/schema.ts';
import { tokenDocuments, tokenOperators, whitelistVerifications } from '../modules/tokens/schema.ts';
import { whitelists } from '../modules/whitelists/schema.ts';
import { bytes32Name, type DecodedLog } from './decode.ts';
import { lower, type Tx } from './eventRows.ts';

/** Documents, operators and whitelist verifications: their latest state, in log order. */
export async function storeLatestState(tx: Tx, logs: DecodedLog[]): Promise<void> {
  for (const log of logs) {
    const a = log.args;
    switch (log.event) {
      // Version 2 rotation: the token's row follows the chain, so the access rules and the token's operations ask
      // the new owner, whitelist and scheme (the new whitelist gets a cursor at the next pass).
      // A version 2 scheme's likewise (its registered owner), however the hand-over was sent.
      case 'OwnershipTransferred':
        await tx
          .update(projects)
          .set({ ownerAddress: lower(a.newOwner), updatedOn: new Date() })
          .where(eq(projects.contractAddress, log.contractAddress));
        await tx
          .update(securitySchemes)
          .set({ ownerAddress: lower(a.newOwner) })
          .where(eq(securitySchemes.address, log.contractAddress));
        break;
      case 'WhitelistReplaced': {
        const address = lower(a.newWhitelist);
        const [known] = await tx
          .select({ name: whitelists.name })
          .from(whitelists)
          .where(eq(whitelists.address, address))
          .limit(1);
        await tx
          .update(projects)
          .set({ whitelistAddress: address, whitelistName: known?.name ?? null, updatedOn: new Date() })
          .where(eq(projects.contractAddress, log.contractAddress));
        break;
      }
      case 'SecuritySchemeReplaced':
        await tx
          .update(projects)
          .set({ securitySchemeAddress: lower(a.newScheme), updatedOn: new Date() })
          .where(eq(projects.contractAddress, log.contractAddress));
        break;
      case 'DocumentUpdated': {
        const values = {
          contractAddress: log.contractAddress,
          name: a.name as string,
          title: bytes32Name(a.name),
          uri: a.uri as string,
          documentHash: a.documentHash as string,
          blockNumber: log.blockNumber,
          transactionHash: log.transactionHash,
        };
        await tx
          .insert(tokenDocuments)
          .values(values)
          .onConflictDoUpdate({
            target: [tokenDocuments.contractAddress, tokenDocuments.name],
            set: values,
          });
        break;
      }
      case 'DocumentRemoved':
        await tx
          .delete(tokenDocuments)
          .where(
            and(eq(tokenDocuments.contractAddress, log.contractAddress), eq(tokenDocuments.name, a.name)),
          );
        break;
      case 'AuthorizedOperator':
      case 'RevokedOperator':
      case 'AuthorizedOperatorByPartition':
      case 'RevokedOperatorByPartition': {
        const values = {
          contractAddress: log.contractAddress,
          holder: lower(a.tokenHolder),
          operator: lower(a.operator),
          partition: log.event.endsWith('ByPartition') ? (a.partition as string) : '',
          authorized: log.event.startsWith('Authorized'),
          blockNumber: log.blockNumber,
        };
        await tx
          .insert(tokenOperators)
          .values(values)
          .onConflictDoUpdate({
            target: [
              tokenOperators.contractAddress,
              tokenOperators.holder,
              tokenOperators.operator,
              tokenOperators.partition,
            ],
            set: { authorized: values.authorized, blockNumber: values.blockNumber },
          });
        break;
      }
      case 'AddressVerified':
      case 'VerificationUpdated':
      case 'VerificationRemoved': {
        const values = {
          whitelistAddress: log.contractAddress,
          account: lower(a.account),
          verified: log.event !== 'VerificationRemoved',
          verificationHash:
            log.event === 'VerificationRemoved' ? (a.previousHash as string) : (a.hash as string),
          transactionHash: log.transactionHash,
          blockNumber: log.blockNumber,
        };
        await tx
          .insert(whitelistVerifications)
          .values(values)
          .onConflictDoUpdate({
            target: [whitelistVerifications.whitelistAddress, whitelistVerifications.account],
            set: values,
          });
        break;
      }
      default:
        break;
    }
  }
}
