import type { ComponentPropsWithoutRef, KeyboardEvent, ReactNode } from 'react';
import * as styles from './Table.css.ts';

export type TableProps = {
  /** Visible caption naming the table, e.g. 'Current balance of address 0x...:' */
  caption?: ReactNode;
  children: ReactNode;
};

/** A plain data table that scrolls horizontally on narrow screens. */
export function Table({ caption, children }: TableProps) {
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        {caption ? <caption className={styles.caption}>{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

export function TableHead({ children }: { children: ReactNode }) {
  return <thead className={styles.head}>{children}</thead>;
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody>{children}</tbody>;
}

export type TableRowProps = {
  children: ReactNode;
  /** Makes the row clickable and reachable with Tab; Enter activates it. */
  onClick?: () => void;
  /** Accessible hint for a clickable row, e.g. 'Open TKN'. */
  actionLabel?: string;
};

export function TableRow({ children, onClick, actionLabel }: TableRowProps) {
  if (!onClick) return <tr className={styles.row}>{children}</tr>;
  const handleKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onClick();
  };
  return (
    <tr
      className={`${styles.row} ${styles.clickableRow}`}
      tabIndex={0}
      title={actionLabel}
      onClick={onClick}
      onKeyDown={handleKeyDown}
    >
      {children}
    </tr>
  );
}

export type TableHeaderCellProps = Omit<ComponentPropsWithoutRef<'th'>, 'className' | 'style'> & {
  align?: 'left' | 'right';
};

export function TableHeaderCell({ align = 'left', scope = 'col', ...rest }: TableHeaderCellProps) {
  return <th {...rest} scope={scope} className={styles.headerCell({ align })} />;
}

export type TableCellProps = Omit<ComponentPropsWithoutRef<'td'>, 'className' | 'style'> & {
  align?: 'left' | 'right';
};

export function TableCell({ align = 'left', ...rest }: TableCellProps) {
  return <td {...rest} className={styles.cell({ align })} />;
}
