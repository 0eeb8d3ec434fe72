import type { ReactNode } from 'react';

/** Keeps a click on a link or button inside a clickable table row from also opening the row. */
export function StopClick({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the event; the link or button inside is the control.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard activation of the inner control does not bubble as a row click.
    <span onClick={(event) => event.stopPropagation()}>{children}</span>
  );
}
