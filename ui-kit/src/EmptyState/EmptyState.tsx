import type { ReactNode } from 'react';
import * as styles from './EmptyState.css.ts';

export type EmptyStateProps = {
  /** e.g. 'No tokens found' */
  title: ReactNode;
  /** e.g. 'We could not find any tokens matching your search criteria' */
  text?: ReactNode;
  action?: ReactNode;
};

export function EmptyState({ title, text, action }: EmptyStateProps) {
  return (
    <div role="status" className={styles.emptyState}>
      <p className={styles.title}>{title}</p>
      {text ? <p className={styles.text}>{text}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
