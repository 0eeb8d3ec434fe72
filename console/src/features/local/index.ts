export { LocalMailPage } from './components/LocalMailPage.tsx';
export { LocalNotice } from './components/LocalPageFrame.tsx';
export { LocalAddressPage, LocalBlockPage, LocalTxPage } from './components/LocalPages.tsx';
export { SignUpMailPage } from './components/SignUpMailPage.tsx';
