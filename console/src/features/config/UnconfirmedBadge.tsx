import { tokenScreenTexts } from '@tranche/api';
import { Badge, Tooltip } from '@tranche/ui-kit';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { appConfigLoadableAtom } from './atoms.ts';

/**
 * The mark of a balance that changed in a block not final yet (an answer's `unconfirmed` row): a warning badge
 * whose accessible description (and tooltip) says how many confirmations the server waits for.
 */
export function UnconfirmedBadge() {
  const config = useAtomValue(appConfigLoadableAtom);
  const id = useId();
  const description = tokenScreenTexts.unconfirmedDescription(
    config.state === 'hasData' ? config.data.confirmations : null,
  );
  return (
    <>
      <Tooltip content={description}>
        <Badge tone="warning" focusable aria-describedby={id}>
          {tokenScreenTexts.unconfirmedBadge}
        </Badge>
      </Tooltip>
      <span id={id} hidden>
        {description}
      </span>
    </>
  );
}
