import type { ComponentPropsWithoutRef, KeyboardEvent, ReactNode } from 'react';
import * as styles from './Table.css.ts';

export type TableProps = {
  /** Visible caption naming the table, e.g. 'Current balance of address 0x...:' */
  caption?: ReactNode;
  /**
   * On a phone (under 600 px) each row becomes a card, each cell a line headed by its `label` (TableCell), instead of
   * a table that scrolls sideways.
   */
  cardsOnPhone?: boolean;
  children: ReactNode;
};

/** A plain data table that scrolls horizontally on narrow screens (or shows its rows as cards: `cardsOnPhone`). */
export function Table({ caption, cardsOnPhone = false, children }: TableProps) {
  return (
    <div className={styles.scroller}>
      <table className={cardsOnPhone ? `${styles.table} ${styles.cards}` : styles.table}>
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
  /** The column's name, shown before the value when the table shows cards (Table `cardsOnPhone`). */
  label?: string;
};

export function TableCell({ align = 'left', label, ...rest }: TableCellProps) {
  return <td {...rest} data-label={label} className={styles.cell({ align })} />;
}
