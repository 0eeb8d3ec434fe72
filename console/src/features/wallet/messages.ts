/** The spec's wallet texts (part 1, sections 5 and 8). */
export const walletMessages = {
  userDenied: 'User denied access to their Ethereum account.',
  noWeb3: 'Non-Ethereum browser detected. No instance of Web3 found in runtime.',
  couldNotConnect: 'Could not connect to the wallet.',
  noAccounts: 'No Ethereum accounts available.',
  selectType: 'Please select the type of wallet.',
} as const;
