export { WhitelistsPage, saveChunk } from './WhitelistsPage.tsx';
