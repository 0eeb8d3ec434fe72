import { useState } from 'react';
import type { FieldValues, UseFormProps, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from './useZodForm.ts';

export type SubmitForm<Schema extends z.ZodType<FieldValues, FieldValues>> = {
  form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>;
  /** The last failure of `action`, for the form's ErrorAlert. */
  error: unknown;
  clearError: () => void;
  /** Shows a failure that is not the action's (e.g. loading the form's options). */
  setError: (error: unknown) => void;
  /** Validates, runs `action` with the parsed values and keeps its failure in `error`. */
  handleSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
};

/** A zod form whose submit runs one async action and owns its error state (no try/catch in the pages). */
export function useSubmitForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'>,
  action: (values: z.output<Schema>) => Promise<void>,
): SubmitForm<Schema> {
  const [error, setError] = useState<unknown>(null);
  const form = useZodForm(schema, options);
  const handleSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await action(values);
    } catch (failure) {
      setError(failure);
    }
  });
  return { form, error, clearError: () => setError(null), setError, handleSubmit };
}
