import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useState } from 'react';
import { Field } from '../Field/Field.tsx';
import { control } from '../Field/Field.css.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import * as styles from './PasswordField.css.ts';

export type PasswordFieldProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  'className' | 'style' | 'id' | 'type'
> & {
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  id?: string;
};

/** A password input with a Show/Hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, help, error, required, id, autoComplete = 'current-password', ...rest },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} help={help} error={error} required={required} id={id}>
      {(fieldProps) => (
        <div className={styles.wrapper}>
          <input
            {...rest}
            {...fieldProps}
            ref={ref}
            autoComplete={autoComplete}
            type={visible ? 'text' : 'password'}
            className={`${control} ${styles.input}`}
          />
          <span className={styles.toggle}>
            <IconButton
              size="small"
              icon={visible ? 'eyeOff' : 'eye'}
              label={visible ? 'Hide password' : 'Show password'}
              aria-pressed={visible}
              onClick={() => setVisible((value) => !value)}
            />
          </span>
        </div>
      )}
    </Field>
  );
});
PasswordField.displayName = 'PasswordField';
