import { Outlet } from 'react-router';

// Groundwork stub (issue 14): the mini-app layout (x-zma-id scope, §6 union gate) replaces it.
export function MiniAppLayout() {
  return <Outlet />;
}
