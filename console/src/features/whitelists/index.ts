export { saveChunk } from './components/NewAddressTab.tsx';
export { WhitelistsPage } from './components/WhitelistsPage.tsx';
