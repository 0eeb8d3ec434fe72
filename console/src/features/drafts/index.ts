export { NewTokenDraftPage } from './components/NewTokenDraftPage.tsx';
export { ViewTokenDraftPage } from './components/ViewTokenDraftPage.tsx';
export { deployPhase, isFullyIssued, someInvestorNotIssued } from './progress.ts';
