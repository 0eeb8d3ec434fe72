import * as RadixDialog from '@radix-ui/react-dialog';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef, type ReactNode } from 'react';
import { IconButton } from '../IconButton/IconButton.tsx';
import { usePortalContainer } from '../ThemeRoot/ThemeRoot.tsx';
import * as styles from './Dialog.css.ts';

export const Root = RadixDialog.Root;
export type RootProps = RadixDialog.DialogProps;
export const Trigger = RadixDialog.Trigger;
export const Close = RadixDialog.Close;

export const dialogSizes = ['small', 'medium', 'large'] as const;

export type ContentProps = Omit<
  ComponentPropsWithoutRef<typeof RadixDialog.Content>,
  'className' | 'style' | 'title'
> & {
  /** Required: every dialog has a visible title. */
  title: ReactNode;
  /** A description read when the dialog opens. */
  description?: ReactNode;
  size?: (typeof dialogSizes)[number];
  /** Hide the top-right close button (e.g. while something is running). */
  hideClose?: boolean;
};

/** Portals into the theme root, so the dialog stays themed; focus is trapped and Escape closes. */
export const Content = forwardRef<ElementRef<typeof RadixDialog.Content>, ContentProps>(function Content(
  { title, description, size = 'medium', hideClose = false, children, ...rest },
  ref,
) {
  const container = usePortalContainer();
  return (
    <RadixDialog.Portal container={container}>
      <RadixDialog.Overlay className={styles.overlay} />
      <RadixDialog.Content
        {...rest}
        ref={ref}
        className={styles.content({ size })}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className={styles.header}>
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {hideClose ? null : (
            <RadixDialog.Close asChild>
              <IconButton icon="close" label="Close" size="small" />
            </RadixDialog.Close>
          )}
        </div>
        {description ? (
          <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
        ) : null}
        <div className={styles.body}>{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
});
Content.displayName = 'Dialog.Content';

export type FooterProps = { children: ReactNode };

/** The button row at the bottom of a dialog. */
export const Footer = forwardRef<HTMLDivElement, FooterProps>(function Footer({ children }, ref) {
  return (
    <div ref={ref} className={styles.footer}>
      {children}
    </div>
  );
});
Footer.displayName = 'Dialog.Footer';
