import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { ErrorResult } from '../../../components/error-result';
import { useErrorText } from '../../../lib/error-text';
import { usePermissions } from '../../../lib/scope-context';
import { useOrgChart } from '../api/get-org-chart';
import { OrgChart } from './org-chart';

/** The organisation dashboard's chart card (VIEW_TENANT or VIEW_USER; nothing otherwise). */
export function OrgChartCard({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation('org-chart');
  const { can } = usePermissions();
  const errorText = useErrorText();
  const allowed = can(['VIEW_TENANT', 'VIEW_USER']);
  const chart = useOrgChart(merchantId, allowed);
  if (!allowed) return null;
  return (
    <Card title={t('title')} styles={{ body: { paddingTop: 12 } }}>
      {chart.isError ? <ErrorResult status={500} message={errorText(chart.error)} /> : chart.data ? <OrgChart chart={chart.data} /> : <Skeleton active avatar />}
    </Card>
  );
}
