import { ConfirmReshardingPage, ReshardingPage, ShardingPage } from '../features/sharding/index.ts';
import { NarrowPage } from '../features/shell/index.ts';

export function ShardingRoute() {
  return (
    <NarrowPage>
      <ShardingPage />
    </NarrowPage>
  );
}

export function ReshardingRoute() {
  return (
    <NarrowPage>
      <ReshardingPage />
    </NarrowPage>
  );
}

export function ConfirmReshardingRoute() {
  return (
    <NarrowPage>
      <ConfirmReshardingPage />
    </NarrowPage>
  );
}
