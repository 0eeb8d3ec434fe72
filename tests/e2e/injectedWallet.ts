import type { Page } from '@playwright/test';

/**
 * A test fixture, not product code: an EIP-1193 provider injected into the page (as a browser extension
 * would), announced through EIP-6963, backed by the embedded dev chain's JSON-RPC. The node holds the keys
 * of its dev accounts, so eth_sendTransaction is signed there. `window.__wallet` lets a test switch accounts
 * or networks the way a user does in the extension.
 */
export async function injectWallet(
  page: Page,
  options: { rpcUrl: string; accounts: string[]; chainId?: number },
) {
  await page.addInitScript(
    ({ rpcUrl, accounts, chainId }) => {
      type Listener = (...args: unknown[]) => void;
      const listeners = new Map<string, Set<Listener>>();
      // An extension remembers which sites it allowed, across reloads and tabs: so does this one (per origin).
      const allowedKey = '__testWalletAllowed';
      const state = {
        accounts: [...accounts],
        chainId: chainId ?? 31337,
        connected: localStorage.getItem(allowedKey) === '1',
        refuse: false,
      };
      let id = 0;
      const rpc = async (method: string, params: unknown[] = []) => {
        id += 1;
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        });
        const body = await response.json();
        if (body.error)
          throw Object.assign(new Error(body.error.message), {
            code: body.error.code,
            data: body.error.data,
          });
        return body.result;
      };
      const emit = (event: string, value: unknown) => {
        for (const listener of listeners.get(event) ?? []) listener(value);
      };
      const provider = {
        isTestWallet: true,
        request: async ({ method, params }: { method: string; params?: unknown[] }) => {
          switch (method) {
            case 'eth_requestAccounts':
              if (state.refuse) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
              state.connected = true;
              localStorage.setItem(allowedKey, '1');
              return state.accounts;
            case 'eth_accounts':
              return state.connected ? state.accounts : [];
            case 'eth_chainId':
              return `0x${state.chainId.toString(16)}`;
            case 'net_version':
              return String(state.chainId);
            case 'personal_sign':
              // The Sign-In with Ethereum proof: the node signs for its dev accounts as an extension would.
              return rpc('personal_sign', params);
            default:
              return rpc(method, params);
          }
        },
        on: (event: string, listener: Listener) => {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)?.add(listener);
        },
        removeListener: (event: string, listener: Listener) => listeners.get(event)?.delete(listener),
      };
      Object.assign(window, {
        ethereum: provider,
        __wallet: {
          switchAccount: (address: string) => {
            state.accounts = [address, ...state.accounts.filter((a) => a !== address)];
            emit('accountsChanged', state.accounts);
          },
          switchChain: (next: number) => {
            state.chainId = next;
            emit('chainChanged', `0x${next.toString(16)}`);
          },
          refuseNextConnection: () => {
            state.refuse = true;
          },
        },
      });
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({
              info: {
                uuid: 'a6a2b7c4-0000-4000-8000-tranche-test',
                name: 'Test Wallet',
                icon: 'data:,',
                rdns: 'test.tranche',
              },
              provider,
            }),
          }),
        );
      window.addEventListener('eip6963:requestProvider', announce);
    },
    { rpcUrl: options.rpcUrl, accounts: options.accounts, chainId: options.chainId },
  );
}
