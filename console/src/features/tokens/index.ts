export { TokenInfoPage } from './components/TokenInfoPage.tsx';
export { TokensPage, tokenHref } from './components/TokensPage.tsx';
