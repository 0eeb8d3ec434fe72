import { Text, TextLink } from '@tranche/ui-kit';
import type { ReactNode } from 'react';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { useExplorer } from '../../config/index.ts';

export type ChainLinkProps = {
  kind: 'tx' | 'address' | 'block';
  value: string | number;
  /** The text shown; the value itself (monospaced) by default. */
  children?: ReactNode;
};

/**
 * A link to the blockchain explorer from the server's templates (GET /config): the console's /local pages
 * when the chain is local (opened in the app), else the public explorer (a new tab).
 */
export function ChainLink({ kind, value, children }: ChainLinkProps) {
  const explorer = useExplorer();
  const text = String(value);
  const href =
    kind === 'tx' ? explorer.tx(text) : kind === 'address' ? explorer.address(text) : explorer.block(text);
  const inApp = href.startsWith('/');
  return (
    <TextLink href={href} external={!inApp} renderLink={inApp ? renderRouterLink : undefined}>
      {children ?? (
        <Text as="span" mono breakAll>
          {text}
        </Text>
      )}
    </TextLink>
  );
}
