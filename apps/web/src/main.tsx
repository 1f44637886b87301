import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { routeObjects } from './app/routes';
import { Providers, queryClient } from './app/Providers';
import { isRouteMeta } from './lib/route-meta';
import { loginPathFor } from './lib/paths';
import { setUnauthorizedHandler } from './lib/api-client';
import { loadDisplaySettings } from './lib/display-settings';

const router = createBrowserRouter(routeObjects);

// Any 401 has already cleared local storage; leave a signed-in screen for the login page.
setUnauthorizedHandler(() => {
  queryClient.clear();
  const current = router.state.matches.at(-1)?.route.handle;
  if (isRouteMeta(current) && current.auth === 'auth') {
    void router.navigate(loginPathFor(window.location.pathname + window.location.search));
  }
});

// Every route change starts at the top of the page.
let lastPathname = window.location.pathname;
router.subscribe((state) => {
  if (state.navigation.state === 'idle' && state.location.pathname !== lastPathname) {
    lastPathname = state.location.pathname;
    window.scrollTo(0, 0);
  }
});

void loadDisplaySettings();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
