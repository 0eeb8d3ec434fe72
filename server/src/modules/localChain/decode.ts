import {
  formatAmount,
  type LocalDecodedArg,
  type LocalDecodedCall,
  type LocalDecodedEvent,
} from '@tranche/api';
import {
  distributorArtifact,
  fromBytes32Name,
  securitySchemeArtifact,
  securitySchemeV2Artifact,
  securityTokenArtifact,
  securityTokenV2Abi,
  testStableTokenArtifact,
  tokenFactoryArtifact,
  whitelistArtifact,
  whitelistV2Artifact,
} from '@tranche/contracts';
import {
  getAddress,
  Interface,
  type InterfaceAbi,
  type Log,
  type ParamType,
  type Provider,
  type Result,
} from 'ethers';

/**
 * The ABIs the platform knows, tried in this order: a selector or topic found in one of them decodes a call or an
 * event of any contract (signatures shared by several, like ERC-20's `transfer`, name their arguments alike).
 */
const knownInterfaces: Interface[] = [
  securityTokenV2Abi,
  securityTokenArtifact.abi,
  testStableTokenArtifact.abi,
  distributorArtifact.abi,
  whitelistV2Artifact.abi,
  whitelistArtifact.abi,
  securitySchemeV2Artifact.abi,
  securitySchemeArtifact.abi,
  tokenFactoryArtifact.abi,
].map((abi) => new Interface(abi as InterfaceAbi));

/** Arguments holding an amount of the token that logs or receives them (or of the `asset` named beside them). */
const amountNames = /^_?(value|values|amount|amounts)$/;

export type TokenUnit = { decimals: number; symbol: string };

const erc20 = new Interface([
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
]);

/** Decimals and symbol of the ERC-20 contracts at the addresses the pages show, read from the chain once each. */
export function createTokenUnits(provider: Provider) {
  const known = new Map<string, TokenUnit>();
  async function read(address: string, name: 'decimals' | 'symbol') {
    const data = await provider.call({ to: address, data: erc20.encodeFunctionData(name) });
    return erc20.decodeFunctionResult(name, data)[0] as bigint | string;
  }
  return async function unitOf(address: string): Promise<TokenUnit | null> {
    const key = address.toLowerCase();
    const cached = known.get(key);
    if (cached) return cached;
    try {
      const [decimals, symbol] = await Promise.all([read(key, 'decimals'), read(key, 'symbol')]);
      const unit = { decimals: Number(decimals), symbol: String(symbol) };
      if (!Number.isInteger(unit.decimals) || unit.decimals < 0 || unit.decimals > 77) return null;
      known.set(key, unit);
      return unit;
    } catch {
      // Not an ERC-20 contract (or no contract): amounts stay in base units.
      return null;
    }
  };
}

/** A bytes32 that holds a short name (a partition, a document name) as its text, any other as hex. */
function bytes32Text(value: string): string {
  if (!value.endsWith('00')) return value;
  const text = fromBytes32Name(value);
  return text !== '' && /^[\p{L}\p{N}\p{P}\p{Zs}]+$/u.test(text) ? `"${text}"` : value;
}

function display(type: ParamType, value: unknown, unit: TokenUnit | null, amount: boolean): string {
  if (type.isArray()) {
    const items = value as unknown[];
    const child = type.arrayChildren as ParamType;
    return `[${items.map((item) => display(child, item, unit, amount)).join(', ')}]`;
  }
  if (type.isTuple()) {
    const components = type.components as readonly ParamType[];
    const items = value as Result;
    return `{ ${components
      .map(
        (component, i) =>
          `${component.name || i}: ${display(component, items[i], unit, amountNames.test(component.name))}`,
      )
      .join(', ')} }`;
  }
  if (type.baseType === 'address') return getAddress(String(value));
  if (type.type === 'bytes32') return bytes32Text(String(value));
  if (type.baseType.startsWith('uint') || type.baseType.startsWith('int')) {
    const units = value as bigint;
    if (!amount) return units.toString();
    return unit ? formatAmount(units, { ...unit, minFractionDigits: 0 }) : formatAmount(units);
  }
  return String(value);
}

/** The asset an operation names (Distributor's `asset`, or its terms' `asset`), whose units its amounts are in. */
function assetOf(inputs: readonly ParamType[], values: Result): string | null {
  for (const [i, input] of inputs.entries()) {
    if (input.type === 'address' && input.name === 'asset') return String(values[i]);
    if (input.isTuple()) {
      const inner = assetOf(input.components as readonly ParamType[], values[i] as Result);
      if (inner) return inner;
    }
  }
  return null;
}

async function decodedArgs(
  inputs: readonly ParamType[],
  values: Result,
  contract: string,
  unitOf: (address: string) => Promise<TokenUnit | null>,
): Promise<LocalDecodedArg[]> {
  const asset = assetOf(inputs, values);
  const unit = await unitOf(asset ?? contract);
  return inputs.map((input, i) => ({
    name: input.name || `argument ${i + 1}`,
    type: input.format('sighash'),
    value: display(input, values[i], unit, amountNames.test(input.name)),
  }));
}

/** The call a transaction makes, when its selector is one of a known ABI's functions; null otherwise. */
export async function decodeCall(
  to: string,
  data: string,
  unitOf: (address: string) => Promise<TokenUnit | null>,
): Promise<LocalDecodedCall | null> {
  if (!to || data.length < 10) return null;
  for (const iface of knownInterfaces) {
    let parsed: ReturnType<Interface['parseTransaction']>;
    try {
      parsed = iface.parseTransaction({ data });
    } catch {
      continue;
    }
    if (!parsed) continue;
    return {
      name: parsed.name,
      signature: parsed.signature,
      args: await decodedArgs(parsed.fragment.inputs, parsed.args, to, unitOf),
    };
  }
  return null;
}

/** The events of a receipt, each decoded with the first known ABI that has its topic (else shown by its topic). */
export async function decodeEvents(
  logs: readonly Log[],
  unitOf: (address: string) => Promise<TokenUnit | null>,
): Promise<LocalDecodedEvent[]> {
  return Promise.all(
    logs.map(async (log) => {
      for (const iface of knownInterfaces) {
        let parsed: ReturnType<Interface['parseLog']>;
        try {
          parsed = iface.parseLog({ topics: [...log.topics], data: log.data });
        } catch {
          continue;
        }
        if (!parsed) continue;
        return {
          index: log.index,
          address: log.address.toLowerCase(),
          name: parsed.name,
          signature: parsed.signature,
          args: await decodedArgs(parsed.fragment.inputs, parsed.args, log.address, unitOf),
        };
      }
      return {
        index: log.index,
        address: log.address.toLowerCase(),
        name: '',
        signature: log.topics[0] ?? '',
        args: [],
      };
    }),
  );
}
