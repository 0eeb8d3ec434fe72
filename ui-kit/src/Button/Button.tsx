import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';
import { Spinner } from '../Spinner/Spinner.tsx';
import * as styles from './Button.css.ts';

export const buttonVariants = ['primary', 'secondary', 'danger', 'ghost'] as const;
export const buttonSizes = ['small', 'medium', 'large'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];
export type ButtonSize = (typeof buttonSizes)[number];

export type ButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'className' | 'style'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, keeps the label for layout and blocks clicks. */
  loading?: boolean;
  fullWidth?: boolean;
  children: ReactNode;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'medium',
    loading = false,
    fullWidth = false,
    disabled,
    type = 'button',
    children,
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      className={styles.button({ variant, size, fullWidth })}
    >
      {loading ? <Spinner size="small" decorative /> : null}
      <span>{children}</span>
    </button>
  );
});
Button.displayName = 'Button';
