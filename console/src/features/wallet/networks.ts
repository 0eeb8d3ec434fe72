/** Network names by chain id, exactly as the spec lists them (part 1, section 4); anything else is Local. */
const networkNames: Record<number, string> = {
  0: 'Olympic',
  1: 'MainNet',
  2: 'Morden',
  3: 'Ropsten',
  4: 'Rinkeby',
  5: 'Goerli',
  42: 'Kovan',
  100: 'xDai',
};

export function networkName(networkId: number): string {
  return networkNames[networkId] ?? 'Local';
}
