import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';
import { Field } from '../Field/Field.tsx';
import { control } from '../Field/Field.css.ts';
import * as styles from './Select.css.ts';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<
  ComponentPropsWithoutRef<'select'>,
  'className' | 'style' | 'id' | 'children' | 'onChange' | 'value'
> & {
  label: ReactNode;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** An empty first option (value ''), e.g. 'Select a partition'. */
  placeholder?: string;
  help?: ReactNode;
  error?: ReactNode;
  labelHidden?: boolean;
  id?: string;
};

/** A native select: keyboard and screen-reader behaviour come from the platform. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, options, value, onChange, placeholder, help, error, labelHidden, required, id, ...rest },
  ref,
) {
  return (
    <Field label={label} help={help} error={error} required={required} labelHidden={labelHidden} id={id}>
      {(fieldProps) => (
        <div className={styles.wrapper}>
          <select
            {...rest}
            {...fieldProps}
            ref={ref}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className={`${control} ${styles.select}`}
          >
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );
});
Select.displayName = 'Select';
