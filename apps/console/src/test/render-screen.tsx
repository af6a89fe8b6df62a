import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';

/** Renders one screen at `routePath` with the console's providers, starting at `initialEntry`. */
export function renderScreen(routePath: string, element: ReactElement, initialEntry: string = routePath) {
  const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [initialEntry] });
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
