import { type ReactNode, useId } from 'react';
import { Heading, type HeadingLevel } from '../Heading/Heading.tsx';
import * as styles from './Card.css.ts';

export type CardProps = {
  title?: ReactNode;
  titleLevel?: HeadingLevel;
  /** Buttons shown at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
};

/** A bordered section; with a title it is a labelled region. */
export function Card({ title, titleLevel = 2, actions, children }: CardProps) {
  const titleId = `card${useId()}`;
  return (
    <section className={styles.card} aria-labelledby={title ? titleId : undefined}>
      {title || actions ? (
        <header className={styles.header}>
          {title ? (
            <Heading level={titleLevel} id={titleId}>
              {title}
            </Heading>
          ) : (
            <span />
          )}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </header>
      ) : null}
      <div className={styles.body}>{children}</div>
    </section>
  );
}
