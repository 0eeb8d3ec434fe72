import { type ReactNode, useId } from 'react';
import * as styles from './Field.css.ts';

/** Props a control receives from its Field so label, help and error are announced with it. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
};

export type FieldProps = {
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Hide the label visually (it is still the control's accessible name). */
  labelHidden?: boolean;
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
};

export function Field({ label, help, error, required, labelHidden = false, id, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field${generated}`;
  const helpId = `${controlId}-help`;
  const errorId = `${controlId}-error`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={controlId} className={labelHidden ? styles.hiddenLabel : styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        required,
      })}
      {help ? (
        <p id={helpId} className={styles.help}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
