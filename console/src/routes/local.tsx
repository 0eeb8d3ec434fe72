import {
  LocalAddressPage,
  LocalBlockPage,
  LocalMailPage,
  LocalTxPage,
  SignUpMailPage,
} from '../features/local/index.ts';

export function LocalAddressRoute() {
  return <LocalAddressPage />;
}

export function LocalTxRoute() {
  return <LocalTxPage />;
}

export function LocalBlockRoute() {
  return <LocalBlockPage />;
}

export function LocalMailRoute() {
  return <LocalMailPage />;
}

export function SignUpMailRoute() {
  return <SignUpMailPage />;
}
