import { KeysPage } from '../features/keys/index.ts';
import { NarrowPage } from '../features/shell/index.ts';

export function KeysRoute() {
  return (
    <NarrowPage>
      <KeysPage />
    </NarrowPage>
  );
}
