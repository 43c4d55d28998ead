import { useLocation } from 'react-router';
import { ErrorResult } from '../../components/error-result';

function readMessage(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('message' in state)) return undefined;
  return typeof state.message === 'string' ? state.message : undefined;
}

/** 403 page; a 'module not enabled' answer passes its message through the navigation state. */
export function ForbiddenPage() {
  const location = useLocation();
  return (
    <main className="zc-auth">
      <ErrorResult status={403} message={readMessage(location.state)} />
    </main>
  );
}
