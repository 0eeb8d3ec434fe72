import { cloneElement, type ReactElement, type ReactNode, useEffect, useId, useState } from 'react';
import * as styles from './Tooltip.css.ts';

export const tooltipSides = ['top', 'bottom'] as const;

export type TooltipProps = {
  content: ReactNode;
  /** One focusable element (button, link, focusable badge); it gets aria-describedby. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  side?: (typeof tooltipSides)[number];
  /** Force it open (stories, screenshots). */
  defaultOpen?: boolean;
};

/**
 * Shows on hover and keyboard focus, hides on leave, blur and Escape (WCAG 1.4.13).
 * Content is plain text: interactive content belongs in a Popover.
 */
export function Tooltip({ content, children, side = 'top', defaultOpen = false }: TooltipProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = `tooltip${useId()}`;
  useEffect(() => {
    if (!open) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [open]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover listeners only mirror the focus behaviour of the child
    <span
      className={styles.anchor}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      {cloneElement(children, { 'aria-describedby': id })}
      <span id={id} role="tooltip" className={styles.tooltip({ side })} data-state={open ? 'open' : 'closed'}>
        {content}
      </span>
    </span>
  );
}
