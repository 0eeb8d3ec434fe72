export { Layout, NarrowPage } from './components/Layout.tsx';
export type { LayoutProps } from './components/Layout.tsx';
export { NotFoundPage } from './components/NotFoundPage.tsx';
export { RouteError, RouteErrorBoundary } from './components/RouteError.tsx';
