/**
 * The web benchmark's floors, shared by their browser entries and their build-time prerender: one
 * heading, as a react-router data route (the router floor) and as a bare component (the React floor).
 */
import type { RouteObject } from 'react-router';

export function Hello() {
  return <h1>Hello from a minimal page</h1>;
}

export const routes: RouteObject[] = [{ path: '/', element: <Hello /> }];
