import { forwardRef } from 'react';
import * as styles from './Switch.css.ts';

export type SwitchProps = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name, e.g. 'Security Manager (OP)'. */
  label: string;
  disabled?: boolean;
  /** Texts shown beside the track; the spec's access-rights table reads Yes / No. */
  onText?: string;
  offText?: string;
  id?: string;
  'aria-describedby'?: string;
};

export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch(
  { checked, onCheckedChange, label, disabled, onText = 'Yes', offText = 'No', id, ...aria },
  ref,
) {
  return (
    <button
      ref={ref}
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={aria['aria-describedby']}
      disabled={disabled}
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={() => onCheckedChange(!checked)}
      className={styles.switchRoot}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      <span className={styles.stateText} aria-hidden="true">
        {checked ? onText : offText}
      </span>
    </button>
  );
});
Switch.displayName = 'Switch';
