import { ThemeRoot } from '@tranche/ui-kit';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { useAppTheme } from '../features/shell/index.ts';
import { routeObjects } from './router.tsx';
import { store } from './store.ts';
import './global.css.ts';

/** The page of the current address, from the route table (router.tsx). */
function Pages() {
  return useRoutes(routeObjects);
}

/** The kit's root in the theme chosen in My Account (or the system's). */
function ThemedRoot({ children }: { children: ReactNode }) {
  return (
    <ThemeRoot theme={useAppTheme()} fullHeight>
      {children}
    </ThemeRoot>
  );
}

export function App() {
  return (
    <Provider store={store}>
      <ThemedRoot>
        <BrowserRouter>
          <Pages />
        </BrowserRouter>
      </ThemedRoot>
    </Provider>
  );
}
