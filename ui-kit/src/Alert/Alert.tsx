import type { ReactNode } from 'react';
import { IconButton } from '../IconButton/IconButton.tsx';
import * as styles from './Alert.css.ts';

export const alertTones = ['primary', 'success', 'warning', 'danger'] as const;
export type AlertTone = (typeof alertTones)[number];

export type AlertProps = {
  tone: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a Dismiss button. */
  onDismiss?: () => void;
  /** Extra content under the text, e.g. a Go back button. */
  actions?: ReactNode;
};

/** Danger and warning alerts interrupt screen readers (role alert); the others are polite (status). */
export function Alert({ tone, title, children, onDismiss, actions }: AlertProps) {
  return (
    <div
      role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}
      className={styles.alert({ tone })}
    >
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div className={styles.text}>{children}</div> : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {onDismiss ? <IconButton size="small" icon="close" label="Dismiss" onClick={onDismiss} /> : null}
    </div>
  );
}
