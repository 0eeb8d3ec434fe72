import type { ReactNode } from 'react';
import * as styles from './Text.css.ts';

export const textSizes = ['xsmall', 'small', 'medium', 'large'] as const;
export const textTones = ['normal', 'muted', 'primary', 'success', 'warning', 'danger'] as const;
export const textWeights = ['regular', 'medium', 'strong'] as const;

export type TextProps = {
  size?: (typeof textSizes)[number];
  tone?: (typeof textTones)[number];
  weight?: (typeof textWeights)[number];
  as?: 'p' | 'span' | 'div' | 'label' | 'strong';
  mono?: boolean;
  /** Break long unbroken values (addresses, hashes) instead of overflowing. */
  breakAll?: boolean;
  className?: string;
  id?: string;
  children: ReactNode;
};

export function Text({
  size = 'medium',
  tone = 'normal',
  weight = 'regular',
  as: Component = 'p',
  mono = false,
  breakAll = false,
  className,
  id,
  children,
}: TextProps) {
  return (
    <Component
      id={id}
      className={[
        styles.text({ size, tone, weight, mono }),
        breakAll ? styles.breakAll : '',
        className ?? '',
      ].join(' ')}
    >
      {children}
    </Component>
  );
}
