import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useId } from 'react';
import * as styles from './Checkbox.css.ts';

export type CheckboxProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  'className' | 'style' | 'type' | 'onChange'
> & {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, checked, onCheckedChange, id, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? `checkbox${generated}`;
  return (
    <div className={styles.row}>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className={styles.input}
      />
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
    </div>
  );
});
Checkbox.displayName = 'Checkbox';
