import { Button, PasswordField, Stack, Text, TextField } from '@tranche/ui-kit';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from './ErrorAlert.tsx';
import type { SubmitForm } from './useSubmitForm.ts';

/** One field of an account step: a text field (email or plain) or a password field with Show/Hide. */
export type StepField<Name extends string = string> = {
  name: Name;
  label: string;
  kind: 'email' | 'text' | 'password';
  autoComplete: string;
};

export type StepFormProps<Schema extends z.ZodType<FieldValues, FieldValues>> = {
  /** The form's accessible name. */
  label: string;
  /** A lead text above the fields. */
  intro?: string;
  /** The form, its submit action and its error (useSubmitForm). */
  submitForm: SubmitForm<Schema>;
  /** The fields, in order; each is registered under its name and shows its validation message. */
  fields: readonly StepField<keyof z.input<Schema> & string>[];
  submitLabel: string;
  /** Below the submit button (e.g. a link back to login). */
  footer?: ReactNode;
};

/** One step of an account page (sign up, forgot and reset password): lead, error alert, fields, submit. */
export function StepForm<Schema extends z.ZodType<FieldValues, FieldValues>>({
  label,
  intro,
  submitForm,
  fields,
  submitLabel,
  footer,
}: StepFormProps<Schema>) {
  const { error, clearError, handleSubmit } = submitForm;
  const form = submitForm.form as unknown as UseFormReturn<Record<string, string>>;
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={label}>
      <Stack space="medium">
        {intro ? <Text>{intro}</Text> : null}
        <ErrorAlert error={error} onDismiss={clearError} />
        {fields.map(({ name, label: fieldLabel, kind, autoComplete }) =>
          kind === 'password' ? (
            <PasswordField
              key={name}
              label={fieldLabel}
              autoComplete={autoComplete}
              error={errors[name]?.message}
              {...form.register(name)}
            />
          ) : (
            <TextField
              key={name}
              label={fieldLabel}
              {...(kind === 'email' ? { type: 'email' } : {})}
              autoComplete={autoComplete}
              error={errors[name]?.message}
              {...form.register(name)}
            />
          ),
        )}
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
