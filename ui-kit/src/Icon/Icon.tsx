import * as styles from './Icon.css.ts';

export const iconNames = [
  'copy',
  'check',
  'close',
  'chevronLeft',
  'chevronRight',
  'chevronDown',
  'info',
  'external',
  'eye',
  'eyeOff',
  'sortAsc',
  'sortDesc',
  'sort',
  'warning',
] as const;
export type IconName = (typeof iconNames)[number];

const paths: Record<IconName, string> = {
  copy: 'M9 9h10v10H9zM5 15V5h10',
  check: 'M5 12l5 5L20 7',
  close: 'M6 6l12 12M18 6L6 18',
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  chevronDown: 'M6 9l6 6 6-6',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5v.5',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M3 3l18 18M10.6 6.1A9.9 9.9 0 0 1 12 6c6 0 10 6 10 6a17 17 0 0 1-3 3.6M6.5 7.5C3.8 9.3 2 12 2 12s4 7 10 7a9.5 9.5 0 0 0 4-.9',
  sortAsc: 'M12 5l-5 6h10z',
  sortDesc: 'M12 19l-5-6h10z',
  sort: 'M12 4l-4 5h8zM12 20l-4-5h8z',
  warning: 'M12 3l10 18H2zM12 10v5M12 17.5v.5',
};

export type IconProps = {
  name: IconName;
  /** Icons are decorative by default; give a label when the icon alone carries meaning. */
  label?: string;
};

export function Icon({ name, label }: IconProps) {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
