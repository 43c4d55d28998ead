import { ErrorResult } from '../../components/error-result';

/** Being built in this session (issue 13); replaced by its owner before anything ships. */
export function CampaignCreatePage() {
  return <ErrorResult status={404} />;
}
