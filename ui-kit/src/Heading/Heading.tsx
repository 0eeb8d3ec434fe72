import type { ReactNode } from 'react';
import * as styles from './Heading.css.ts';

export const headingLevels = [1, 2, 3, 4] as const;
export type HeadingLevel = (typeof headingLevels)[number];

export type HeadingProps = {
  level: HeadingLevel;
  id?: string;
  children: ReactNode;
};

export function Heading({ level, id, children }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={styles.heading({ level })}>
      {children}
    </Tag>
  );
}
