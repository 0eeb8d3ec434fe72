import {
  type ComponentPropsWithoutRef,
  createElement,
  type ElementType,
  forwardRef,
  type ReactNode,
} from 'react';
import { type Sprinkles, sprinkles } from '../theme/sprinkles.css.ts';

export type BoxProps = Sprinkles & {
  as?: ElementType;
  className?: string;
  children?: ReactNode;
} & Omit<ComponentPropsWithoutRef<'div'>, 'color' | 'className' | 'children'>;

const sprinkleKeys = new Set<string>(sprinkles.properties);

/** A layout primitive: sprinkles props become atomic classes, the rest goes to the element. */
export const Box = forwardRef<HTMLElement, BoxProps>(function Box({ as = 'div', className, ...rest }, ref) {
  const atoms: Record<string, unknown> = {};
  const native: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (sprinkleKeys.has(key)) atoms[key] = value;
    else native[key] = value;
  }
  const atomClass = sprinkles(atoms as Sprinkles);
  return createElement(as, {
    ...native,
    ref,
    className: [atomClass, className].filter(Boolean).join(' ') || undefined,
  });
});
Box.displayName = 'Box';
