import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef } from 'react';
import { usePortalContainer } from '../ThemeRoot/ThemeRoot.tsx';
import * as styles from './DropdownMenu.css.ts';

/**
 * Radix's menu button in the kit's style: the trigger opens it with Enter, Space or ArrowDown, arrow keys move
 * between items, typing a letter jumps to the item, Escape closes it and returns focus to the trigger.
 */
export const Root = RadixMenu.Root;
export type RootProps = RadixMenu.DropdownMenuProps;
export const Trigger = RadixMenu.Trigger;
export const Group = RadixMenu.Group;

export type ContentProps = Omit<ComponentPropsWithoutRef<typeof RadixMenu.Content>, 'className' | 'style'>;

/** Portals into the theme root; keeps a small gap to its trigger and never leaves the viewport. */
export const Content = forwardRef<ElementRef<typeof RadixMenu.Content>, ContentProps>(function Content(
  { sideOffset = 6, collisionPadding = 8, align = 'start', ...rest },
  ref,
) {
  const container = usePortalContainer();
  return (
    <RadixMenu.Portal container={container}>
      <RadixMenu.Content
        {...rest}
        ref={ref}
        align={align}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={styles.content}
      />
    </RadixMenu.Portal>
  );
});
Content.displayName = 'DropdownMenu.Content';

export type ItemProps = Omit<ComponentPropsWithoutRef<typeof RadixMenu.Item>, 'className' | 'style'>;

/** One command or link of the menu; with `asChild` it renders the given link (the router's) as the item. */
export const Item = forwardRef<ElementRef<typeof RadixMenu.Item>, ItemProps>(function Item(props, ref) {
  return <RadixMenu.Item {...props} ref={ref} className={styles.item} />;
});
Item.displayName = 'DropdownMenu.Item';

export const Separator = forwardRef<
  ElementRef<typeof RadixMenu.Separator>,
  Omit<ComponentPropsWithoutRef<typeof RadixMenu.Separator>, 'className' | 'style'>
>(function Separator(props, ref) {
  return <RadixMenu.Separator {...props} ref={ref} className={styles.separator} />;
});
Separator.displayName = 'DropdownMenu.Separator';

export type LabelProps = Omit<ComponentPropsWithoutRef<typeof RadixMenu.Label>, 'className' | 'style'>;

/** A heading inside the menu for the group that follows (not focusable), e.g. 'Theme'. */
export const Label = forwardRef<ElementRef<typeof RadixMenu.Label>, LabelProps>(function Label(props, ref) {
  return <RadixMenu.Label {...props} ref={ref} className={styles.label} />;
});
Label.displayName = 'DropdownMenu.Label';

export type RadioGroupProps = Omit<
  ComponentPropsWithoutRef<typeof RadixMenu.RadioGroup>,
  'className' | 'style'
>;

/** One choice among its RadioItems (`value`, `onValueChange`); name it with `aria-label` or a Label. */
export const RadioGroup = forwardRef<ElementRef<typeof RadixMenu.RadioGroup>, RadioGroupProps>(
  function RadioGroup(props, ref) {
    return <RadixMenu.RadioGroup {...props} ref={ref} />;
  },
);
RadioGroup.displayName = 'DropdownMenu.RadioGroup';

export type RadioItemProps = Omit<
  ComponentPropsWithoutRef<typeof RadixMenu.RadioItem>,
  'className' | 'style'
>;

/** One choice of a RadioGroup (role menuitemradio, aria-checked), marked with a dot when chosen. */
export const RadioItem = forwardRef<ElementRef<typeof RadixMenu.RadioItem>, RadioItemProps>(
  function RadioItem({ children, ...rest }, ref) {
    return (
      <RadixMenu.RadioItem {...rest} ref={ref} className={`${styles.item} ${styles.radioItem}`}>
        <span className={styles.indicatorSlot} aria-hidden="true">
          <RadixMenu.ItemIndicator className={styles.indicator} />
        </span>
        {children}
      </RadixMenu.RadioItem>
    );
  },
);
RadioItem.displayName = 'DropdownMenu.RadioItem';
