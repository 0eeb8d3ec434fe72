import { ThemeRoot } from '@tranche/ui-kit';
import { Provider } from 'jotai';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { routeObjects } from './router.tsx';
import { store } from './store.ts';
import './global.css.ts';

/** The page of the current address, from the route table (router.tsx). */
function Pages() {
  return useRoutes(routeObjects);
}

export function App() {
  return (
    <Provider store={store}>
      <ThemeRoot fullHeight>
        <BrowserRouter>
          <Pages />
        </BrowserRouter>
      </ThemeRoot>
    </Provider>
  );
}
