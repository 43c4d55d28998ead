import { NotAvailablePage } from './not-available-page';

// Groundwork stub (issue 14): replaced by the page's feature.
export function ZmaDrawsPage() {
  return <NotAvailablePage />;
}
