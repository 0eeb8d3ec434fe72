import { type ReactNode, useId } from 'react';
import * as styles from './RadioGroup.css.ts';

export type RadioOption = {
  value: string;
  label: ReactNode;
  /** A line under the label, read after it (aria-describedby). */
  description?: ReactNode;
  disabled?: boolean;
};

export type RadioGroupProps = {
  legend: ReactNode;
  /** A line under the legend, read with the group (aria-describedby). */
  hint?: ReactNode;
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
  hint,
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
  const hintId = `${groupName}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy || undefined}>
      <legend className={legendHidden ? styles.hiddenLegend : styles.legend}>{legend}</legend>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.options}>
        {options.map((option) => {
          const id = `${groupName}-${option.value}`;
          const descriptionId = `${id}-description`;
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
                aria-describedby={option.description ? descriptionId : undefined}
              />
              <span className={styles.text}>
                <label htmlFor={id} className={styles.label}>
                  {option.label}
                </label>
                {option.description ? (
                  <span id={descriptionId} className={styles.description}>
                    {option.description}
                  </span>
                ) : null}
              </span>
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
