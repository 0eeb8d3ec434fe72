import { forwardRef, type ReactNode } from 'react';
import * as styles from './Badge.css.ts';

export const badgeTones = ['neutral', 'primary', 'success', 'warning', 'danger'] as const;
export type BadgeTone = (typeof badgeTones)[number];

export type BadgeProps = {
  tone?: BadgeTone;
  children: ReactNode;
  /** Makes the badge focusable, e.g. to reveal a tooltip from the keyboard. */
  focusable?: boolean;
  'aria-describedby'?: string;
};

export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { tone = 'neutral', children, focusable = false, ...aria },
  ref,
) {
  return (
    <span ref={ref} tabIndex={focusable ? 0 : undefined} className={styles.badge({ tone })} {...aria}>
      {children}
    </span>
  );
});
Badge.displayName = 'Badge';
