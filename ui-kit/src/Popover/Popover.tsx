import * as RadixPopover from '@radix-ui/react-popover';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef } from 'react';
import { usePortalContainer } from '../ThemeRoot/ThemeRoot.tsx';
import * as styles from './Popover.css.ts';

export const Root = RadixPopover.Root;
export type RootProps = RadixPopover.PopoverProps;
export const Trigger = RadixPopover.Trigger;
export const Anchor = RadixPopover.Anchor;
export const Close = RadixPopover.Close;

export type ContentProps = Omit<ComponentPropsWithoutRef<typeof RadixPopover.Content>, 'className' | 'style'>;

/** Portals into the theme root; keeps a small gap to its trigger and never leaves the viewport. */
export const Content = forwardRef<ElementRef<typeof RadixPopover.Content>, ContentProps>(function Content(
  { sideOffset = 6, collisionPadding = 8, ...rest },
  ref,
) {
  const container = usePortalContainer();
  return (
    <RadixPopover.Portal container={container}>
      <RadixPopover.Content
        {...rest}
        ref={ref}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={styles.content}
      />
    </RadixPopover.Portal>
  );
});
Content.displayName = 'Popover.Content';
