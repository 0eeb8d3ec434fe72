import type { ReactNode } from 'react';
import * as styles from './StatTiles.css.ts';

export type StatTile = { label: string; value: ReactNode };

export type StatTilesProps = {
  /** Names the group for assistive technology, e.g. 'Token figures'. */
  label: string;
  tiles: StatTile[];
};

/** Key figures as tiles (a description list): each tile a short label over its value. */
export function StatTiles({ label, tiles }: StatTilesProps) {
  return (
    <dl className={styles.tiles} aria-label={label}>
      {tiles.map((tile) => (
        <div key={tile.label} className={styles.tile}>
          <dt className={styles.label}>{tile.label}</dt>
          <dd className={styles.value}>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
