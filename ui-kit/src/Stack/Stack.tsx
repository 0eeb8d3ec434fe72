import type { ReactNode } from 'react';
import type { Sprinkles } from '../theme/sprinkles.css.ts';
import { Box } from '../Box/Box.tsx';

export const stackSpaces = [
  'none',
  'xxsmall',
  'xsmall',
  'small',
  'medium',
  'large',
  'xlarge',
  'xxlarge',
] as const;
export type StackSpace = (typeof stackSpaces)[number];

export type StackProps = {
  space?: StackSpace;
  align?: Sprinkles['alignItems'];
  as?: 'div' | 'section' | 'ul' | 'ol' | 'form' | 'fieldset';
  className?: string;
  children: ReactNode;
};

/** Vertical layout with even spacing between children. */
export function Stack({ space = 'medium', align = 'stretch', as = 'div', className, children }: StackProps) {
  return (
    <Box as={as} display="flex" flexDirection="column" gap={space} alignItems={align} className={className}>
      {children}
    </Box>
  );
}
