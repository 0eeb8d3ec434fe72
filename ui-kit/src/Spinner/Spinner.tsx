import * as styles from './Spinner.css.ts';

export const spinnerSizes = ['small', 'medium', 'large'] as const;

export type SpinnerProps = {
  size?: (typeof spinnerSizes)[number];
  /** Read by screen readers; set `decorative` when a surrounding element already says it. */
  label?: string;
  decorative?: boolean;
};

export function Spinner({ size = 'medium', label = 'Loading', decorative = false }: SpinnerProps) {
  if (decorative) return <span className={styles.spinner({ size })} aria-hidden="true" />;
  return (
    <span role="status" className={styles.wrapper}>
      <span className={styles.spinner({ size })} aria-hidden="true" />
      <span className={styles.visuallyHidden}>{label}</span>
    </span>
  );
}
