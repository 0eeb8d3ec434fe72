export { KeysPage, keysAlertMs } from './KeysPage.tsx';
