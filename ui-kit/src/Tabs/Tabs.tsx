import * as RadixTabs from '@radix-ui/react-tabs';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef } from 'react';
import * as styles from './Tabs.css.ts';

export type RootProps = Omit<ComponentPropsWithoutRef<typeof RadixTabs.Root>, 'className' | 'style'>;
export const Root = forwardRef<ElementRef<typeof RadixTabs.Root>, RootProps>(function Root(props, ref) {
  return <RadixTabs.Root {...props} ref={ref} className={styles.root} />;
});
Root.displayName = 'Tabs.Root';

export type ListProps = Omit<ComponentPropsWithoutRef<typeof RadixTabs.List>, 'className' | 'style'>;
export const List = forwardRef<ElementRef<typeof RadixTabs.List>, ListProps>(function List(props, ref) {
  return <RadixTabs.List {...props} ref={ref} className={styles.list} />;
});
List.displayName = 'Tabs.List';

export type TriggerProps = Omit<ComponentPropsWithoutRef<typeof RadixTabs.Trigger>, 'className' | 'style'>;
export const Trigger = forwardRef<ElementRef<typeof RadixTabs.Trigger>, TriggerProps>(
  function Trigger(props, ref) {
    return <RadixTabs.Trigger {...props} ref={ref} className={styles.trigger} />;
  },
);
Trigger.displayName = 'Tabs.Trigger';

export type ContentProps = Omit<ComponentPropsWithoutRef<typeof RadixTabs.Content>, 'className' | 'style'>;
export const Content = forwardRef<ElementRef<typeof RadixTabs.Content>, ContentProps>(
  function Content(props, ref) {
    return <RadixTabs.Content {...props} ref={ref} className={styles.content} />;
  },
);
Content.displayName = 'Tabs.Content';
