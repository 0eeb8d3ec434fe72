import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import { usePortalContainer } from '../ThemeRoot/ThemeRoot.tsx';
import * as styles from './Tooltip.css.ts';

export const tooltipSides = ['top', 'bottom'] as const;

export type TooltipProps = {
  content: ReactNode;
  /** One focusable element (button, link, focusable badge) that forwards its ref and props; it gets aria-describedby. */
  children: ReactElement;
  side?: (typeof tooltipSides)[number];
  /** Force it open (stories, screenshots). */
  defaultOpen?: boolean;
};

/**
 * Radix's tooltip in the kit's style: shows on hover and keyboard focus, hides on leave, blur and Escape
 * (WCAG 1.4.13), portals into the theme root and flips or shifts to stay inside the viewport.
 * Content is plain text: interactive content belongs in a Popover.
 */
export function Tooltip({ content, children, side = 'top', defaultOpen = false }: TooltipProps) {
  const container = usePortalContainer();
  return (
    <RadixTooltip.Provider delayDuration={200} skipDelayDuration={300}>
      <RadixTooltip.Root defaultOpen={defaultOpen}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal container={container}>
          <RadixTooltip.Content side={side} sideOffset={6} collisionPadding={8} className={styles.tooltip}>
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
