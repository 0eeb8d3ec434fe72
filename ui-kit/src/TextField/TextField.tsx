import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';
import { Field } from '../Field/Field.tsx';
import { control } from '../Field/Field.css.ts';

export type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'className' | 'style' | 'id'> & {
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  labelHidden?: boolean;
  id?: string;
};

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, help, error, labelHidden, required, id, type = 'text', ...rest },
  ref,
) {
  return (
    <Field label={label} help={help} error={error} required={required} labelHidden={labelHidden} id={id}>
      {(fieldProps) => <input {...rest} {...fieldProps} ref={ref} type={type} className={control} />}
    </Field>
  );
});
TextField.displayName = 'TextField';
