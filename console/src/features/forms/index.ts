export { ErrorAlert } from './ErrorAlert.tsx';
export type { ErrorAlertProps } from './ErrorAlert.tsx';
export { StepForm } from './StepForm.tsx';
export type { StepField, StepFormProps } from './StepForm.tsx';
export { type SubmitForm, useSubmitForm } from './useSubmitForm.ts';
export { useZodForm } from './useZodForm.ts';
export { type LazyZodResolver, lazyZodResolver, useLazyZodForm } from './useLazyZodForm.ts';
