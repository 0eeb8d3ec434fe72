import {
  securitySchemeArtifact,
  securitySchemeV2Artifact,
  securityTokenArtifact,
  securityTokenV2Abi,
  whitelistArtifact,
  whitelistV2Artifact,
} from '@tranche/contracts';
import { decodeBytes32String, Interface, type Log, type LogDescription } from 'ethers';

/**
 * Tokens of both codebase versions: version 2 logs every event of version 1 with the same signature, plus its own
 * (ownership, whitelist and scheme replaced, upgrades: ERC-1967 Upgraded, UpgradeScheduled, UpgradeDelaySet).
 */
export const tokenInterface = new Interface([
  ...securityTokenArtifact.abi,
  ...securityTokenV2Abi.filter(
    (entry) =>
      entry.type === 'event' &&
      !securityTokenArtifact.abi.some((v1) => v1.type === 'event' && 'name' in v1 && v1.name === entry.name),
  ),
]);
/** Whitelists of both versions: version 2 adds ExpirySet (a record's validity) to version 1's events. */
export const whitelistInterface = new Interface([
  ...whitelistArtifact.abi,
  ...whitelistV2Artifact.abi.filter(
    (entry) =>
      entry.type === 'event' &&
      !whitelistArtifact.abi.some((v1) => v1.type === 'event' && 'name' in v1 && v1.name === entry.name),
  ),
]);

/**
 * Security schemes of both versions (issue 37's role tables): version 2 adds the two-step ownership's
 * OwnershipTransferStarted and OwnershipTransferred to version 1's grants and revocations.
 */
export const schemeInterface = new Interface([
  ...securitySchemeArtifact.abi,
  ...securitySchemeV2Artifact.abi.filter(
    (entry) =>
      entry.type === 'event' &&
      !securitySchemeArtifact.abi.some((v1) => v1.type === 'event' && 'name' in v1 && v1.name === entry.name),
  ),
]);

/** What the indexer follows: tokens, whitelists and security schemes. */
export type ContractKind = 'token' | 'whitelist' | 'scheme';

/**
 * Token events the indexer does not follow: the ERC-20 `Transfer` mirrors every IssuedByPartition,
 * RedeemedByPartition and TransferByPartition (the events balances are rebuilt from), and a zero-value `Transfer`
 * changes nothing, so storing it would count each balance change twice.
 */
export const mirroredTokenEvents = new Set(['Transfer']);

const tokenTopics = new Set<string>();
tokenInterface.forEachEvent((event) => {
  if (!mirroredTokenEvents.has(event.name)) tokenTopics.add(event.topicHash);
});
const whitelistTopics = new Set<string>();
whitelistInterface.forEachEvent((event) => {
  whitelistTopics.add(event.topicHash);
});

const schemeTopics = new Set<string>();
schemeInterface.forEachEvent((event) => {
  schemeTopics.add(event.topicHash);
});

/** Topics (event signatures) the indexer asks eth_getLogs for. */
export const followedTopics = [...new Set([...tokenTopics, ...whitelistTopics, ...schemeTopics])];

const interfaces: Record<ContractKind, { iface: Interface; known: Set<string> }> = {
  token: { iface: tokenInterface, known: tokenTopics },
  whitelist: { iface: whitelistInterface, known: whitelistTopics },
  scheme: { iface: schemeInterface, known: schemeTopics },
};

export type DecodedLog = {
  contractAddress: string;
  blockNumber: number;
  logIndex: number;
  transactionHash: string;
  event: string;
  args: LogDescription['args'];
};

/** Decodes a token, whitelist or scheme log; undefined for a log of no followed event. */
export function decodeLog(log: Log, kind: ContractKind): DecodedLog | undefined {
  const topic = log.topics[0];
  if (!topic) return undefined;
  const { iface, known } = interfaces[kind];
  if (!known.has(topic)) return undefined;
  let parsed: LogDescription | null;
  try {
    parsed = iface.parseLog({ topics: [...log.topics], data: log.data });
  } catch {
    return undefined;
  }
  if (!parsed) return undefined;
  return {
    contractAddress: log.address.toLowerCase(),
    blockNumber: log.blockNumber,
    logIndex: log.index,
    transactionHash: log.transactionHash.toLowerCase(),
    event: parsed.name,
    args: parsed.args,
  };
}

/** The readable name of a bytes32 partition or document name: its string, else the hex. */
export function bytes32Name(value: string): string {
  try {
    const text = decodeBytes32String(value);
    return text !== '' && [...text].every((c) => c.charCodeAt(0) >= 32) ? text : value;
  } catch {
    return value;
  }
}
