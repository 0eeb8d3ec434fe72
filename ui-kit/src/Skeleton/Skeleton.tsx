import type { ReactNode } from 'react';
import * as styles from './Skeleton.css.ts';

/** What is loading: a whole page (heading and text), a table, or a key/value list (heading, tabs, facts). */
export const skeletonShapes = ['page', 'table', 'details'] as const;
export type SkeletonShape = (typeof skeletonShapes)[number];

export type SkeletonProps = {
  /** Read by screen readers in place of the grey shapes, e.g. 'Loading the token'. */
  label: string;
  shape?: SkeletonShape;
  /** Rows of a table, or facts of a key/value list. */
  rows?: number;
  /** Columns of a table. */
  columns?: number;
};

/**
 * Grey placeholders in the shape of what is loading, instead of a lone spinner: the page keeps its frame and the
 * content lands where the shapes were. One status announcement (`label`); the shapes are hidden from screen readers.
 */
export function Skeleton({ label, shape = 'page', rows = 5, columns = 4 }: SkeletonProps) {
  const count = (n: number) => Array.from({ length: Math.max(0, n) }, (_, i) => i);
  let body: ReactNode;
  if (shape === 'table') {
    body = (
      <div className={styles.table}>
        {count(rows + 1).map((row) => (
          <div key={row} className={row === 0 ? `${styles.tableRow} ${styles.tableHead}` : styles.tableRow}>
            {count(columns).map((column) => (
              <span key={column} className={styles.cell}>
                <span className={styles.bar({ kind: column === columns - 1 ? 'short' : 'text' })} />
              </span>
            ))}
          </div>
        ))}
      </div>
    );
  } else if (shape === 'details') {
    body = (
      <>
        <span className={styles.bar({ kind: 'heading' })} />
        <span className={styles.bar({ kind: 'tabs' })} />
        <div className={styles.details}>
          {count(rows).map((row) => [
            <span key={`k${row}`} className={styles.bar({ kind: 'short' })} />,
            <span key={`v${row}`} className={styles.bar({ kind: row % 2 ? 'short' : 'text' })} />,
          ])}
        </div>
      </>
    );
  } else {
    body = (
      <>
        <span className={styles.bar({ kind: 'heading' })} />
        {count(rows).map((row) => (
          <span key={row} className={styles.bar({ kind: row === rows - 1 ? 'short' : 'text' })} />
        ))}
      </>
    );
  }
  return (
    <div role="status" aria-busy="true" className={styles.root}>
      <span className={styles.visuallyHidden}>{label}</span>
      <div aria-hidden="true" className={styles.root}>
        {body}
      </div>
    </div>
  );
}
