import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { useBroadcast, useLiveBroadcasts } from '../../features/broadcasts/api/broadcasts';
import { BroadcastComposer } from '../../features/broadcasts/components/broadcast-composer';
import { BroadcastDetails } from '../../features/broadcasts/components/broadcast-details';
import { DecisionModal } from '../../features/tasks/components/decision-modal';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { usePermissions, useScope } from '../../lib/scope-context';

/**
 * /tenant/zalo-oa/broadcast/create (§2.5–§2.6: picker and creation panel) and /broadcast/{id}: a draft
 * its viewer may edit opens in the composer; any other broadcast shows the page-embedded details
 * (approve/reject for the next approver), read-only for viewers who may not act.
 */
export function OaBroadcastEditPage() {
  const { id } = useParams();
  const { can } = usePermissions();
  const scope = useScope();
  const tenantId = scope.tenant?.id ?? '';
  if (!id) return can('CREATE_ZALO_OA_CONTENT') ? <CreateView tenantId={tenantId} /> : <ErrorResult status={403} />;
  if (!can('VIEW_ZALO_OA_CONTENT')) return <ErrorResult status={403} />;
  return <ExistingView tenantId={tenantId} id={id} />;
}

function CreateView({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('broadcasts');
  return (
    <>
      <PageHeader title={t('createTitle')} />
      <BroadcastComposer tenantId={tenantId} />
    </>
  );
}

function ExistingView({ tenantId, id }: { tenantId: string; id: string }) {
  const { t } = useTranslation('broadcasts');
  const q = useBroadcast(tenantId, id);
  useLiveBroadcasts(tenantId);
  if (q.error) return <ErrorResult status={q.error instanceof ApiError && q.error.status === 404 ? 404 : 500} />;
  if (!q.data) return <Skeleton active />;
  const b = q.data;
  if (b.status === 'DRAFT' && b.abilities.edit) {
    return (
      <>
        <PageHeader title={t('editTitle')} />
        <BroadcastComposer key={b.id} tenantId={tenantId} existing={b} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={b.nameBroadcast} />
      <Card>
        <BroadcastDetails broadcast={b} tenantId={tenantId} variant={b.abilities.decide ? 'embedded' : 'readOnly'} DecisionModal={DecisionModal} />
      </Card>
    </>
  );
}
