import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { AffiliateCampaign } from '@zc/shared/api/zma-draw';
import { ZMA_STATUSES, type ZmaStatus } from '@zc/shared/api/zma';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { isForbiddenError } from '../../components/permission-alert';
import { useErrorText } from '../../lib/error-text';
import { useDrawScope } from '../../features/zma-draw/use-draw-scope';
import { useAffiliateCampaigns, useDeleteAffiliateCampaign } from '../../features/zma-draw/api/zma-draw';
import { AffiliateFormDialog } from '../../features/zma-draw/components/affiliate-form-dialog';
import { StatusTag, useScheduleText } from '../../features/zma-draw/components/labels';
import { ReferralsDrawer } from '../../features/zma-draw/components/referrals-drawer';
import { DrawSectionTabs } from '../../features/zma-draw/components/section-tabs';
import { useConfirmDelete } from '../../features/zma-draw/use-confirm-delete';

/** /tenant/mini-app/{id}/affiliate-campaign (§2.1): referral campaigns, their rewards and limits, the referrals. */
export function ZmaAffiliatePage() {
  const { t } = useTranslation('zma-draw');
  const askDelete = useConfirmDelete();
  const errorText = useErrorText();
  const { zmaAppId, can } = useDrawScope();
  const scheduleText = useScheduleText();
  const [status, setStatus] = useState<ZmaStatus | undefined>();
  const [editing, setEditing] = useState<AffiliateCampaign | null>(null);
  const [open, setOpen] = useState(false);
  const [referralsOf, setReferralsOf] = useState<AffiliateCampaign | null>(null);
  const list = useAffiliateCampaigns(zmaAppId, { status });
  const remove = useDeleteAffiliateCampaign();

  if (list.query.error && isForbiddenError(list.query.error)) return <ErrorResult status={403} />;

  const edit = (c: AffiliateCampaign | null) => {
    setEditing(c);
    setOpen(true);
  };
  const confirmDelete = (c: AffiliateCampaign) => askDelete({ title: 'delete.affiliateTitle', body: 'delete.affiliateBody', done: 'messages.affiliateDeleted' }, c.name, () => remove.mutateAsync(c.id));

  const columns: TableProps<AffiliateCampaign>['columns'] = [
    { key: 'name', title: t('affiliate.fields.name'), render: (_, c) => c.name },
    { key: 'status', title: t('fields.status'), render: (_, c) => <StatusTag status={c.status} /> },
    { key: 'schedule', title: t('fields.schedule'), render: (_, c) => <span style={{ whiteSpace: 'nowrap' }}>{scheduleText(c.startsAt, c.endsAt)}</span> },
    {
      key: 'reward',
      title: t('affiliate.reward'),
      render: (_, c) => (
        <Flex vertical>
          <span>{t('affiliate.rewardTurnsValue', { count: c.rewardTurns })}</span>
          {c.rewardGiftName ? <span>{t('affiliate.rewardGiftValue', { name: c.rewardGiftName })}</span> : null}
          <span>{t('affiliate.welcomeValue', { count: c.newCustomerTurns })}</span>
        </Flex>
      ),
    },
    { key: 'max', title: t('affiliate.fields.maxRewards'), render: (_, c) => (c.maxRewardsPerReferrer === 0 ? t('affiliate.noLimit') : c.maxRewardsPerReferrer) },
    {
      key: 'referrals',
      title: t('affiliate.referrals'),
      render: (_, c) => (
        <Button type="link" size="small" onClick={() => setReferralsOf(c)} data-testid={`affiliate-referrals-${c.id}`} style={{ padding: 0 }}>
          {t('affiliate.referralCounts', { total: c.referrals.total, rewarded: c.referrals.rewarded, rejected: c.referrals.rejected })}
        </Button>
      ),
    },
    {
      key: 'actions',
      title: '',
      render: (_, c) => (
        <Space size={4}>
          {can('UPDATE_ZMA_GAME') ? (
            <Button size="small" onClick={() => edit(c)}>
              {t('common:edit')}
            </Button>
          ) : null}
          {can('DELETE_ZMA_GAME') ? (
            <Button size="small" danger onClick={() => confirmDelete(c)}>
              {t('actions.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('affiliate.title')}
        extra={
          can('CREATE_ZMA_GAME') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="affiliate-create">
              {t('affiliate.create')}
            </Button>
          ) : null
        }
      />
      <DrawSectionTabs active="affiliate" />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select allowClear placeholder={t('fields.status')} aria-label={t('fields.status')} style={{ width: 180, maxWidth: '100%' }} value={status} onChange={setStatus} options={ZMA_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Flex>
        {list.query.isError ? (
          <ErrorResult status={500} message={errorText(list.query.error)} />
        ) : (
          <DataTable<AffiliateCampaign> rowKey="id" data-testid="affiliate-table" columns={columns} dataSource={list.rows} loading={list.query.isFetching} locale={{ emptyText: t('affiliate.empty') }} paging={list.paging} />
        )}
      </Card>
      <AffiliateFormDialog open={open} campaign={editing} onClose={() => setOpen(false)} />
      <ReferralsDrawer campaign={referralsOf} onClose={() => setReferralsOf(null)} />
    </>
  );
}
