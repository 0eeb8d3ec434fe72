import type { ReactNode } from 'react';
import type { StackSpace } from '../Stack/Stack.tsx';
import type { Sprinkles } from '../theme/sprinkles.css.ts';
import { Box } from '../Box/Box.tsx';

export type InlineProps = {
  space?: StackSpace;
  align?: Sprinkles['alignItems'];
  justify?: Sprinkles['justifyContent'];
  wrap?: boolean;
  className?: string;
  children: ReactNode;
};

/** Horizontal layout that wraps, with even spacing between children. */
export function Inline({
  space = 'small',
  align = 'center',
  justify = 'flex-start',
  wrap = true,
  className,
  children,
}: InlineProps) {
  return (
    <Box
      display="flex"
      flexDirection="row"
      flexWrap={wrap ? 'wrap' : 'nowrap'}
      gap={space}
      alignItems={align}
      justifyContent={justify}
      className={className}
    >
      {children}
    </Box>
  );
}
