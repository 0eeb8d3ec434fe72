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
};

export function TextLink({
  href,
  children,
  external = false,
  renderLink = defaultRenderLink,
}: TextLinkProps) {
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={styles.link}>
        {children}
        <span className={styles.hidden}> (opens in a new tab)</span>
      </a>
    );
  }
  return renderLink({ href, className: styles.link, children });
}
