import type { ReactNode } from 'react';
import * as styles from './Link.css.ts';

export type RenderLinkProps = {
  href: string;
  className: string;
  children: ReactNode;
  'aria-current'?: 'page';
  'aria-label'?: string;
};

/** Lets an app render links with its router (e.g. react-router's Link) instead of a plain <a>. */
export type RenderLink = (props: RenderLinkProps) => ReactNode;

export const defaultRenderLink: RenderLink = ({ href, className, children, ...aria }) => (
  <a href={href} className={className} {...aria}>
    {children}
  </a>
);

export type TextLinkProps = {
  href: string;
  children: ReactNode;
  /** Opens in a new tab with rel="noopener noreferrer" and says so to screen readers. */
  external?: boolean;
  renderLink?: RenderLink;
  /** Added to the link's own class (e.g. an icon link's 24 px target). */
  className?: string;
};

export function TextLink({
  href,
  children,
  external = false,
  renderLink = defaultRenderLink,
  className,
}: TextLinkProps) {
  const classes = className ? `${styles.link} ${className}` : styles.link;
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={classes}>
        {children}
        <span className={styles.hidden}> (opens in a new tab)</span>
      </a>
    );
  }
  return renderLink({ href, className: classes, children });
}
