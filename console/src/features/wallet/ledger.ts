import type Transport from '@ledgerhq/hw-transport';
import {
  AbstractSigner,
  JsonRpcProvider,
  type Provider,
  Signature,
  Transaction,
  type TransactionLike,
  type TransactionRequest,
  type TypedDataDomain,
  type TypedDataField,
  getAddress,
  resolveAddress,
} from 'ethers';
import { walletMessages } from '@tranche/api';
import { type WalletConnector, WalletError, providerIds } from './types.ts';

/** The derivation paths offered for selection (Ledger Live's layout). */
export const ledgerPaths = [0, 1, 2, 3, 4].map((index) => `44'/60'/${index}'/0/0`);

type EthApp = {
  getAddress: (path: string) => Promise<{ address: string; publicKey: string }>;
  signTransaction: (
    path: string,
    rawTxHex: string,
    resolution: null,
  ) => Promise<{ v: string; r: string; s: string }>;
};

/** Signs on a Ledger device (legacy EIP-155 transactions with the spec's fixed gas price); sends through the RPC. */
export class LedgerSigner extends AbstractSigner {
  constructor(
    private readonly eth: EthApp,
    private readonly path: string,
    private readonly address: string,
    provider: Provider,
  ) {
    super(provider);
  }

  override connect(provider: Provider | null): LedgerSigner {
    if (!provider) throw new Error('A Ledger signer needs a provider');
    return new LedgerSigner(this.eth, this.path, this.address, provider);
  }

  override async getAddress(): Promise<string> {
    return this.address;
  }

  override async signTransaction(request: TransactionRequest): Promise<string> {
    const provider = this.provider;
    if (!provider) throw new Error('A Ledger signer needs a provider');
    const to = request.to ? await resolveAddress(request.to, provider) : null;
    const chainId = request.chainId ?? (await provider.getNetwork()).chainId;
    const tx = Transaction.from({
      type: 0,
      to,
      nonce: request.nonce ?? undefined,
      gasLimit: request.gasLimit ?? undefined,
      gasPrice: request.gasPrice ?? undefined,
      value: request.value ?? 0n,
      data: request.data ?? '0x',
      chainId,
    } as TransactionLike<string>);
    const { v, r, s } = await this.eth.signTransaction(this.path, tx.unsignedSerialized.slice(2), null);
    tx.signature = Signature.from({ r: `0x${r}`, s: `0x${s}`, v: BigInt(`0x${v}`) });
    return tx.serialized;
  }

  override async signMessage(): Promise<string> {
    throw new Error('Message signing is not used by Tranche');
  }

  override async signTypedData(
    _domain: TypedDataDomain,
    _types: Record<string, TypedDataField[]>,
    _value: Record<string, unknown>,
  ): Promise<string> {
    throw new Error('Typed data signing is not used by Tranche');
  }
}

export type LedgerConnectorOptions = {
  rpcUrl: string | null;
  /** Opens the transport; WebHID by default (a record/replay transport in tests). */
  openTransport?: () => Promise<Transport>;
};

/** The hardware ledger device over WebHID, with addresses listed for the derivation paths above. */
export function createLedgerConnector(options: LedgerConnectorOptions): WalletConnector {
  let eth: EthApp | undefined;
  const pathsByAddress = new Map<string, string>();
  const provider = options.rpcUrl
    ? new JsonRpcProvider(options.rpcUrl, undefined, { cacheTimeout: -1 })
    : null;

  const openEth = async (): Promise<EthApp> => {
    if (eth) return eth;
    const transport = options.openTransport
      ? await options.openTransport()
      : await (await import('@ledgerhq/hw-transport-webhid')).default.create();
    const { default: Eth } = await import('@ledgerhq/hw-app-eth');
    eth = new Eth(transport) as unknown as EthApp;
    return eth;
  };

  return {
    kind: 'ledger',
    providerId: providerIds.ledger,
    providerName: 'Ledger',
    connect: async () => {
      if (!provider) throw new WalletError(walletMessages.connectFailed);
      try {
        const app = await openEth();
        const accounts = [];
        for (const path of ledgerPaths) {
          const { address } = await app.getAddress(path);
          const checksummed = getAddress(address);
          pathsByAddress.set(checksummed, path);
          accounts.push({ address: checksummed, name: `${checksummed} (${path})` });
        }
        const network = await provider.getNetwork();
        return { accounts, networkId: Number(network.chainId) };
      } catch (error) {
        if (error instanceof WalletError) throw error;
        throw new WalletError(walletMessages.connectFailed);
      }
    },
    balance: async (address) => {
      if (!provider) throw new WalletError(walletMessages.connectFailed);
      return provider.getBalance(getAddress(address));
    },
    getSigner: async (address) => {
      const path = pathsByAddress.get(getAddress(address));
      if (!provider || !eth || !path) throw new WalletError(walletMessages.connectFailed);
      return new LedgerSigner(eth, path, getAddress(address), provider);
    },
  };
}
