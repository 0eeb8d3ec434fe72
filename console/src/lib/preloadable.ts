import { type ComponentType, type LazyExoticComponent, lazy, useRef } from 'react';

/** A component loaded on demand that can also be fetched ahead of its first render ({@link preloadable}). */
export type Preloadable<Props extends object> = {
  /** Starts loading it (once); resolves with the component. */
  preload: () => Promise<ComponentType<Props>>;
  /** The component once loaded. */
  loaded: () => ComponentType<Props> | undefined;
  /** The same component for a Suspense boundary. */
  Lazy: LazyExoticComponent<ComponentType<Props>>;
};

const started = new Set<Promise<unknown>>();

/**
 * Counts `loading` among the parts fetched ahead of the first render ({@link preloadsSettled}); returns it.
 */
export function trackPreload<T>(loading: Promise<T>): Promise<T> {
  started.add(loading);
  return loading;
}

/**
 * Resolves once every part fetched ahead so far has loaded or failed: the session check waits for it before it
 * shows a stored session's first page, so the page, the logged-in navigation and the wallet strip render together
 * (nothing arrives later to push the page down).
 */
export async function preloadsSettled(): Promise<void> {
  await Promise.allSettled([...started]);
}

export function preloadable<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): Preloadable<Props> {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    pending ??= trackPreload(
      load().then((component) => {
        loaded = component;
        return component;
      }),
    );
    return pending;
  };
  return {
    preload,
    loaded: () => loaded,
    Lazy: lazy(() => preload().then((component) => ({ default: component }))),
  };
}

/**
 * The component of `part` to render (`shown`: whether this render shows it). Once it has loaded (preloaded), a place
 * that shows it for the first time gets it at once, without a Suspense fallback that the component would then
 * replace and push down what follows (a layout shift); a place that has shown the fallback keeps the lazy form
 * (`lazy: true`), so it never remounts.
 */
export function usePreloaded<Props extends object>(
  part: Preloadable<Props>,
  shown: boolean,
): { component: ComponentType<Props>; lazy: boolean } {
  const wentLazy = useRef(false);
  const loaded = part.loaded();
  if (loaded && !wentLazy.current) return { component: loaded, lazy: false };
  if (shown) wentLazy.current = true;
  return { component: part.Lazy as unknown as ComponentType<Props>, lazy: true };
}
