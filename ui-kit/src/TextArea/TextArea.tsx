import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';
import { Field } from '../Field/Field.tsx';
import { control } from '../Field/Field.css.ts';
import * as styles from './TextArea.css.ts';

export type TextAreaProps = Omit<ComponentPropsWithoutRef<'textarea'>, 'className' | 'style' | 'id'> & {
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  id?: string;
  /** Visible rows (comment boxes are 4, bulk investor text 5). */
  rows?: number;
};

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, help, error, required, id, rows = 4, ...rest },
  ref,
) {
  return (
    <Field label={label} help={help} error={error} required={required} id={id}>
      {(fieldProps) => (
        <textarea
          {...rest}
          {...fieldProps}
          ref={ref}
          rows={rows}
          className={`${control} ${styles.textarea}`}
        />
      )}
    </Field>
  );
});
TextArea.displayName = 'TextArea';
