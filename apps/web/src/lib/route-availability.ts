import { createContext, useContext } from 'react';

/** Whether the web app has a page at a path. Shared UI uses it to hide links that lead nowhere yet. */
export type IsRouted = (path: string) => boolean;

/**
 * Provided by the app from its route table, so features can gate their links without importing
 * it. The default admits every path (a component rendered alone in a test).
 */
export const RouteAvailabilityContext = createContext<IsRouted>(() => true);

export function useIsRouted(): IsRouted {
  return useContext(RouteAvailabilityContext);
}
