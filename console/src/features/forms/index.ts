export { ErrorAlert } from './ErrorAlert.tsx';
export type { ErrorAlertProps } from './ErrorAlert.tsx';
export { useZodForm } from './useZodForm.ts';
