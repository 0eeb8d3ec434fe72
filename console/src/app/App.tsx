import { ThemeRoot } from '@tranche/ui-kit';
import { Provider } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './router.tsx';
import { store } from './store.ts';
import './global.css.ts';

export function App() {
  const [router] = useState(createRouter);
  return (
    <Provider store={store}>
      <ThemeRoot fullHeight>
        <RouterProvider router={router} />
      </ThemeRoot>
    </Provider>
  );
}
