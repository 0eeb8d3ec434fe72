import { type ReactNode, useId } from 'react';
import * as styles from './RadioGroup.css.ts';

export type RadioOption = { value: string; label: ReactNode; disabled?: boolean };

export type RadioGroupProps = {
  legend: ReactNode;
  options: readonly RadioOption[];
  value: string | null;
  onChange: (value: string) => void;
  name?: string;
  error?: ReactNode;
  legendHidden?: boolean;
};

/** Native radios in a fieldset: arrow keys move the choice, the legend names the group. */
export function RadioGroup({
  legend,
  options,
  value,
  onChange,
  name,
  error,
  legendHidden = false,
}: RadioGroupProps) {
  const generated = useId();
  const groupName = name ?? `radio${generated}`;
  const errorId = `${groupName}-error`;
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={legendHidden ? styles.hiddenLegend : styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => {
          const id = `${groupName}-${option.value}`;
          return (
            <div
              key={option.value}
              className={styles.option}
              data-checked={value === option.value || undefined}
            >
              <input
                id={id}
                type="radio"
                name={groupName}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                className={styles.input}
              />
              <label htmlFor={id} className={styles.label}>
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
