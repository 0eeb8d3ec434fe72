import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useState,
} from 'react';
import { toChecksumAddress } from '../AddressText/address.ts';
import { Field } from '../Field/Field.tsx';
import { control } from '../Field/Field.css.ts';
import { visuallyHidden } from '../theme/utils.css.ts';
import * as styles from './AddressCombobox.css.ts';

/** One person of the list: an address, who it is when the viewer may know, and a line about it (a balance). */
export type AddressComboboxOption = { address: string; name?: string | null; detail?: ReactNode };

export type AddressComboboxProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  'className' | 'style' | 'id' | 'value' | 'onChange' | 'role' | 'type' | 'children'
> & {
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  id?: string;
  /** The field's text: an address typed or picked, or the start of a name or address while searching. */
  value: string;
  onValueChange: (value: string) => void;
  /** After a person is picked (their checksummed address went to `onValueChange`): e.g. add them to a list. */
  onPick?: (option: AddressComboboxOption) => void;
  /** The people matching `value` (the caller searches; at most a handful). */
  options: readonly AddressComboboxOption[];
  /** The list's name (not the field's, which a label lookup must find once). */
  listLabel?: string;
  /** Shown in the list when nobody matches. */
  emptyText?: string;
  /** Announced with the number of matches, e.g. (n) => `${n} holders found`. */
  countText?: (count: number) => string;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * An address field that also picks a person from a list (the WAI-ARIA combobox pattern with a list box): typing
 * a name or the start of an address shows the matches; Down and Up move through them, Enter picks one (its
 * checksummed address becomes the value), Escape closes the list. Any address may still be typed in full. Once the
 * value is a listed address, its name shows under the field.
 */
export const AddressCombobox = forwardRef<HTMLInputElement, AddressComboboxProps>(function AddressCombobox(
  {
    label,
    help,
    error,
    id,
    value,
    onValueChange,
    onPick,
    options,
    listLabel = 'Suggestions',
    emptyText = 'Nobody matches',
    countText = (count) => `${count} ${count === 1 ? 'match' : 'matches'}`,
    onKeyDown,
    onBlur,
    onFocus,
    disabled,
    ...rest
  },
  ref,
) {
  const listId = `${useId()}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const picked = options.find((option) => same(option.address, value));
  const shown = open && !disabled && value.trim() !== '' && !(picked && options.length === 1);
  const optionId = (index: number) => `${listId}-${index}`;

  const pick = (option: AddressComboboxOption) => {
    onValueChange(toChecksumAddress(option.address));
    setOpen(false);
    setActive(-1);
    onPick?.(option);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        setOpen(true);
        setActive(count === 0 ? -1 : event.key === 'ArrowDown' ? 0 : count - 1);
        return;
      }
      if (count === 0) return;
      setActive((index) =>
        event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1,
      );
    } else if (event.key === 'Enter' && shown && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const name = picked?.name ?? null;
  return (
    <Field label={label} help={help ?? name ?? undefined} error={error} id={id}>
      {(fieldProps) => (
        <div className={styles.wrapper}>
          <input
            {...rest}
            {...fieldProps}
            ref={ref}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            className={`${control} ${styles.input}`}
            value={value}
            disabled={disabled}
            onChange={(event) => {
              onValueChange(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={handleKeyDown}
            onFocus={onFocus}
            onBlur={(event) => {
              setOpen(false);
              setActive(-1);
              onBlur?.(event);
            }}
          />
          <div className={styles.listbox} hidden={!shown}>
            <div id={listId} role="listbox" aria-label={listLabel}>
              {options.map((option, index) => (
                // The focus stays in the field (aria-activedescendant points here) and the field takes the keys.
                // biome-ignore lint/a11y/useFocusableInteractive: an option of a combobox is never focused itself
                // biome-ignore lint/a11y/useKeyWithClickEvents: Down, Up and Enter in the field pick an option
                <div
                  key={option.address}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={styles.option}
                  // Keeps the focus in the field, so picking with the mouse does not blur it first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(option)}
                >
                  {option.name ? <span className={styles.optionName}>{option.name}</span> : null}
                  <span className={styles.optionAddress}>{toChecksumAddress(option.address)}</span>
                  {option.detail ? <span className={styles.optionDetail}>{option.detail}</span> : null}
                </div>
              ))}
            </div>
            {options.length === 0 ? <div className={styles.empty}>{emptyText}</div> : null}
          </div>
          <span role="status" className={visuallyHidden}>
            {shown ? countText(options.length) : ''}
          </span>
        </div>
      )}
    </Field>
  );
});
AddressCombobox.displayName = 'AddressCombobox';
