export { DistributionsTab } from './components/DistributionsTab.tsx';
export { MyDistributionsPage } from './components/MyDistributionsPage.tsx';
