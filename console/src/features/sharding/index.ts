export { reshardInfoAtom } from './atoms.ts';
export { ConfirmReshardingPage } from './components/ConfirmReshardingPage.tsx';
export { ReshardingPage } from './components/ReshardingPage.tsx';
export { ShardingPage } from './components/ShardingPage.tsx';
export { ShareVerification } from './components/ShareVerification.tsx';
