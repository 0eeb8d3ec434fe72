import { type WhitelistErrorItem, whitelistMessages } from '@tranche/api';
import { Alert, Stack } from '@tranche/ui-kit';

/** The addresses POST /whitelist/bulk did not save, each with its reason (the first 50). */
export function NotSavedAlert({ message, items }: { message: string; items: WhitelistErrorItem[] }) {
  return (
    <Alert tone="danger" title={whitelistMessages.saveFailed}>
      <Stack space="small">
        <span>{message}</span>
        <ul aria-label="Addresses not saved">
          {items.slice(0, 50).map((item) => (
            <li key={item.legend}>
              {item.legend}: {item.reason}
            </li>
          ))}
        </ul>
      </Stack>
    </Alert>
  );
}
