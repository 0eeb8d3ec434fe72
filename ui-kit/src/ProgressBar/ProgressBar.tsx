import * as styles from './ProgressBar.css.ts';

export type ProgressBarProps = {
  /** 0 to 100; values outside are clamped. */
  value: number;
  label: string;
  /** Show the rounded percentage beside the label. */
  showValue?: boolean;
};

export function ProgressBar({ value, label, showValue = true }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  const rounded = Math.round(clamped);
  return (
    <div className={styles.wrapper}>
      <div className={styles.labelRow}>
        <span>{label}</span>
        {showValue ? <span aria-hidden="true">{rounded}%</span> : null}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        className={styles.track}
      >
        <div className={styles.fill} style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}
