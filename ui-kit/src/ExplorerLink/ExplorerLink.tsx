import type { ReactNode } from 'react';
import { type RenderLink, TextLink } from '../Link/Link.tsx';
import { type ExplorerConfig, type ExplorerKind, explorerHref } from './explorerHref.ts';
import * as styles from './ExplorerLink.css.ts';

export type ExplorerLinkProps = {
  kind: ExplorerKind;
  value: string;
  explorer: ExplorerConfig;
  /** The text shown; the value itself by default. */
  children?: ReactNode;
  /** Renders local links with the app's router. */
  renderLink?: RenderLink;
};

/** A link to a block explorer (new tab) or, on a local chain, to the app's local page; plain text otherwise. */
export function ExplorerLink({ kind, value, explorer, children, renderLink }: ExplorerLinkProps) {
  const href = explorerHref(kind, value, explorer);
  const label = children ?? <span className={styles.mono}>{value}</span>;
  if (!href) return <span className={styles.mono}>{label}</span>;
  return (
    <TextLink href={href} external={!explorer.isLocal} renderLink={renderLink}>
      {label}
    </TextLink>
  );
}
