import { type ReactNode, useId } from 'react';
import type { HeadingLevel } from '../Heading/Heading.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../Table/Table.tsx';
import * as styles from './ShareBar.css.ts';
import { amountText, percentText, type Share } from './shares.ts';

const colours = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9'] as const;

export type ShareBarProps = {
  title: string;
  /** The slices in order, with their shares (sharesOf); a slice marked `rest` is drawn in the neutral colour. */
  shares: (Share & { rest?: boolean; detail?: ReactNode })[];
  /** Heading of the table's first column, e.g. 'Partition'. */
  labelHeader: string;
  /** Heading of the amount column, e.g. 'Supply'. */
  amountHeader: string;
  /** Shown instead of the bar and table when there is nothing to share out. */
  emptyText: string;
  formatAmount?: (amount: bigint) => string;
  /** The title's heading level: 3 (under a card's title) by default, 2 where the chart is a section of the page. */
  titleLevel?: HeadingLevel;
};

/**
 * A chart of shares of a whole: one horizontal bar cut into slices (SVG filled with the theme's colours), and
 * beside it the same data as a table (its text alternative and legend); the bar itself is hidden from assistive
 * technology, which reads the table.
 */
export function ShareBar({
  title,
  shares,
  labelHeader,
  amountHeader,
  emptyText,
  formatAmount = amountText,
  titleLevel = 3,
}: ShareBarProps) {
  const titleId = useId();
  const Title = `h${titleLevel}` as const;
  let x = 0;
  const slices = shares.map((share, index) => {
    const colour: keyof typeof styles.palette = share.rest
      ? 'rest'
      : (colours[index % colours.length] ?? 'c0');
    const slice = { share, colour, x: x / 10, width: share.basisPoints / 10 };
    x += share.basisPoints;
    return slice;
  });
  return (
    <section className={styles.figure} aria-labelledby={titleId}>
      <Title id={titleId} className={styles.title}>
        {title}
      </Title>
      {shares.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <>
          <svg
            className={styles.bar}
            viewBox="0 0 1000 10"
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            {slices
              .filter((slice) => slice.width > 0)
              .map((slice) => (
                <rect
                  key={`${slice.share.label}-${slice.x}`}
                  className={`${styles.palette[slice.colour]} ${styles.slice}`}
                  x={slice.x}
                  y={0}
                  width={slice.width}
                  height={10}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
          </svg>
          <Table>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{labelHeader}</TableHeaderCell>
                <TableHeaderCell align="right">{amountHeader}</TableHeaderCell>
                <TableHeaderCell align="right">Share</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {slices.map((slice) => (
                <TableRow key={`${slice.share.label}-${slice.x}`}>
                  <TableCell>
                    <span className={`${styles.swatch} ${styles.palette[slice.colour]}`} aria-hidden="true" />
                    <span className={styles.label}>{slice.share.detail ?? slice.share.label}</span>
                  </TableCell>
                  <TableCell align="right">{formatAmount(slice.share.amount)}</TableCell>
                  <TableCell align="right">
                    <span className={styles.share}>{percentText(slice.share.basisPoints)}</span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </section>
  );
}
