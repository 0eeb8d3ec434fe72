import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { Icon, type IconName } from '../Icon/Icon.tsx';
import * as styles from './IconButton.css.ts';

export const iconButtonSizes = ['small', 'medium'] as const;

export type IconButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'className' | 'style' | 'children'> & {
  icon: IconName;
  /** The accessible name (also shown as the native title on hover). */
  label: string;
  size?: (typeof iconButtonSizes)[number];
};

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, label, size = 'medium', type = 'button', ...rest },
  ref,
) {
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      aria-label={label}
      title={label}
      className={styles.iconButton({ size })}
    >
      <Icon name={icon} />
    </button>
  );
});
IconButton.displayName = 'IconButton';
