import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from 'antd/es/avatar';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Segmented from 'antd/es/segmented';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd/es/table';
import type { AffiliateCampaign, Referral, ReferralStatus } from '@zc/shared/api/zma-draw';
import { DataTable } from '../../../components/data-table';
import { ErrorResult } from '../../../components/error-result';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/formatters';
import { useDrawScope } from '../use-draw-scope';
import { useReferrals } from '../api/zma-draw';

function Person({ person }: { person: { name: string; avatar: string | null } }) {
  return (
    <Flex gap={8} align="center">
      <Avatar size={24} src={person.avatar ?? undefined}>
        {person.name.slice(0, 1)}
      </Avatar>
      <span>{person.name}</span>
    </Flex>
  );
}

/** The referrals of one campaign: who brought whom, rewarded or rejected with the reason. */
export function ReferralsDrawer({ campaign, onClose }: { campaign: AffiliateCampaign | null; onClose: () => void }) {
  const { t } = useTranslation('zma-draw');
  const errorText = useErrorText();
  const { zmaAppId } = useDrawScope();
  const [status, setStatus] = useState<ReferralStatus | 'ALL'>('ALL');
  const list = useReferrals(zmaAppId, campaign?.id ?? null, { status: status === 'ALL' ? undefined : status });
  const columns: TableProps<Referral>['columns'] = [
    { key: 'referrer', title: t('affiliate.referrer'), render: (_, r) => <Person person={r.referrer} /> },
    { key: 'referred', title: t('affiliate.referred'), render: (_, r) => (r.referred ? <Person person={r.referred} /> : <span>{r.referredZaloUserId}</span>) },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, r) => (
        <Flex vertical gap={2}>
          <Tag color={r.status === 'REWARDED' ? 'green' : 'red'}>{t(`referralStatus.${r.status}`)}</Tag>
          {r.reason ? <span style={{ fontSize: 12 }}>{t(`referralReason.${r.reason}`)}</span> : null}
        </Flex>
      ),
    },
    { key: 'at', title: t('fields.createdAt'), render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span> },
  ];
  return (
    <Drawer open={campaign !== null} onClose={onClose} title={campaign ? t('affiliate.referralsOf', { name: campaign.name }) : ''} size="large" styles={{ wrapper: { maxWidth: '100vw' } }} destroyOnHidden>
      <Segmented
        value={status}
        onChange={(v) => setStatus(v as ReferralStatus | 'ALL')}
        options={[
          { value: 'ALL', label: t('affiliate.all') },
          { value: 'REWARDED', label: t('referralStatus.REWARDED') },
          { value: 'REJECTED', label: t('referralStatus.REJECTED') },
        ]}
        style={{ marginBottom: 12 }}
      />
      {list.query.isError ? (
        <ErrorResult status={500} message={errorText(list.query.error)} />
      ) : (
        <DataTable<Referral> rowKey="id" data-testid="referrals-table" columns={columns} dataSource={list.rows} loading={list.query.isFetching} locale={{ emptyText: t('affiliate.noReferrals') }} paging={list.paging} />
      )}
    </Drawer>
  );
}
