export {
  HolderPicker,
  registerListTexts,
  registerNames,
  useRegisterOptions,
} from './components/HolderPicker.tsx';
