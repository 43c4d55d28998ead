import { ErrorResult } from '../../components/error-result';

/** Being built in this session (issue 12); replaced by its owner before anything ships. */
export function OaContentEditPage() {
  return <ErrorResult status={404} />;
}
