import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { addressOf } from '../../server/src/modules/tokens/testing.ts';

/**
 * Test helpers for the journeys of transaction history, balance report and local pages: raw JSON-RPC on the
 * server's embedded chain (Anvil) and the API calls that record transactions.
 */

let rpcId = 0;

export async function rpc<T = unknown>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  rpcId += 1;
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId, method, params }),
  });
  const answer = (await response.json()) as { result?: T; error?: { message: string } };
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result as T;
}

export async function chainRpcUrl(request: APIRequestContext, baseUrl: string): Promise<string> {
  const config = (await (await request.get(`${baseUrl}/api/config`)).json()) as { data: { rpcUrl: string } };
  return config.data.rpcUrl;
}

/** Private keys of the senders made below, so that a test account can register the key it records for. */
const senderKeys = new Map<string, string>();

/**
 * A fresh address the chain lets us send from (impersonated) with 100 ETH: no nonce shared with anyone. Its key is
 * kept, so that {@link recordTransaction} can register it: an account records only addresses it controls.
 */
export async function fundedSender(rpcUrl: string): Promise<string> {
  const key = `0x${randomBytes(32).toString('hex')}`;
  const address = addressOf(key).toLowerCase();
  senderKeys.set(address, key);
  await rpc(rpcUrl, 'anvil_impersonateAccount', [address]);
  await rpc(rpcUrl, 'anvil_setBalance', [address, '0x56bc75e2d63100000']);
  return address;
}

export type MinedReceipt = {
  transactionHash: string;
  blockNumber: string;
  blockHash: string;
  contractAddress: string | null;
  to: string | null;
};

export async function sendTransaction(
  rpcUrl: string,
  tx: { from: string; to?: string; data?: string; value?: string },
): Promise<string> {
  return rpc<string>(rpcUrl, 'eth_sendTransaction', [{ gas: '0x100000', value: '0x0', ...tx }]);
}

export async function receiptOf(rpcUrl: string, hash: string): Promise<MinedReceipt> {
  let receipt: MinedReceipt | null = null;
  await expect
    .poll(async () => {
      receipt = await rpc<MinedReceipt | null>(rpcUrl, 'eth_getTransactionReceipt', [hash]);
      return receipt !== null;
    })
    .toBe(true);
  return receipt as unknown as MinedReceipt;
}

/** Init code of a contract whose runtime returns 42 (a real contract creation). */
export const tinyContractInitCode = '0x600a600c600039600a6000f3602a60005260206000f3';

export async function loginToken(
  request: APIRequestContext,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<string> {
  const answer = await request.post(`${baseUrl}/api/login`, {
    data: { loginName: account.email, password: account.password },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { jwt: string } }).data.jwt;
}

/** POST an API call with the session token; expects statusCode 200 and answers data. */
export async function apiPost(
  request: APIRequestContext,
  baseUrl: string,
  token: string,
  path: string,
  data: unknown,
): Promise<unknown> {
  const answer = await request.post(`${baseUrl}/api${path}`, {
    data: data as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await answer.json()) as { statusCode: number; data?: unknown; error?: { message: string } };
  expect(body.error?.message ?? '').toBe('');
  return body.data;
}

/**
 * Records a wallet-signed transaction as the console's registerWalletTransaction does: the user transaction
 * and the hash, then (once mined) the receipt and, for a deployment, the created contract.
 */
export async function recordTransaction(
  request: APIRequestContext,
  baseUrl: string,
  token: string,
  input: { hash: string; from: string; txType: number; contractAddress?: string },
): Promise<void> {
  await registerSenderKey(request, baseUrl, token, input.from);
  await apiPost(request, baseUrl, token, '/account/transactions', {
    transactionHash: input.hash,
    contractAddress: input.contractAddress ?? '',
    publicAddress: input.from,
    txType: input.txType,
  });
  await apiPost(request, baseUrl, token, '/transactions/hash', { transactionHash: input.hash });
}

const registeredSenders = new Set<string>();

/** Registers the key of a sender made by {@link fundedSender} to the session's account, once per account. */
async function registerSenderKey(
  request: APIRequestContext,
  baseUrl: string,
  token: string,
  address: string,
): Promise<void> {
  const key = senderKeys.get(address.toLowerCase());
  const once = `${baseUrl} ${token} ${address.toLowerCase()}`;
  if (!key || registeredSenders.has(once)) return;
  await apiPost(request, baseUrl, token, '/credentials', { publicKey: address, privateKey: key });
  registeredSenders.add(once);
}

export async function recordReceipt(
  request: APIRequestContext,
  baseUrl: string,
  token: string,
  receipt: MinedReceipt,
): Promise<void> {
  await apiPost(request, baseUrl, token, '/transactions/receipt', {
    receipt: { transactionHash: receipt.transactionHash },
  });
  if (receipt.contractAddress)
    await apiPost(request, baseUrl, token, '/account/transactions', {
      transactionHash: receipt.transactionHash,
      contractAddress: receipt.contractAddress,
      isUpdate: true,
    });
}
