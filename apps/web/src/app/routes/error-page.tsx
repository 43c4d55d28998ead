import { useSearchParams } from 'react-router';
import { ErrorResult, type ErrorStatus } from '../../components/error-result';

/** The §8 error page for 403/404/500. */
export function ErrorPage({ status }: { status: ErrorStatus }) {
  return (
    <main className="zc-auth">
      <ErrorResult status={status} />
    </main>
  );
}

/** `/error?code=403|404|500` (anything else shows the 500/default text). */
export function ErrorRoutePage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  return <ErrorPage status={code === '403' ? 403 : code === '404' ? 404 : 500} />;
}

export function NotFoundPage() {
  return <ErrorPage status={404} />;
}

/** The same 404 inside the signed-in shell (an unknown address under a tenant section). */
export function ShellNotFoundPage() {
  return <ErrorResult status={404} />;
}
