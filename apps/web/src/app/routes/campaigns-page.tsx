import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { CAMPAIGN_STATUSES, type Campaign, type CampaignStatus } from '@zc/shared/api/campaigns';
import { useCampaigns, useLiveCampaigns } from '../../features/campaigns/api/campaigns';
import { CampaignStatusTag } from '../../features/campaigns/components/campaign-status';
import { CreateCampaignDialog } from '../../features/campaigns/components/create-campaign-dialog';
import { TeamSelect } from '../../features/teams/components/team-select';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatMoney, formatThousands } from '../../lib/formatters';
import { PAGES, tenantDetailPageHref, tenantHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';

/** /tenant/zns-service/campaign (§2.12, §3 Campaign): list with status, team and name filters, the create dialog; live on campaign.changed/progress. */
export function CampaignsPage() {
  const { can } = usePermissions();
  if (!can('VIEW_CAMPAIGN')) return <ErrorResult status={403} />;
  return <CampaignsView />;
}

function CampaignsView() {
  const { t } = useTranslation('campaigns');
  const scope = useScope();
  const { can } = usePermissions();
  const navigate = useNavigate();
  const tenantId = scope.tenant?.id ?? '';
  const multiTeam = Boolean(scope.tenant?.isMultiTeam) && can('VIEW_TEAM');
  const [status, setStatus] = useState<CampaignStatus | undefined>();
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const list = useCampaigns(tenantId, { status, name: name.trim() || undefined, teamIds: teamIds.length ? teamIds.join(',') : undefined });
  useLiveCampaigns(tenantId);
  const detailHref = (id: string) => tenantDetailPageHref(PAGES.znsCampaign, id, tenantId);

  const columns: TableProps<Campaign>['columns'] = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, r) => (
        <Link to={detailHref(r.id)} data-testid={`campaign-link-${r.id}`}>
          <Typography.Text ellipsis style={{ maxWidth: 260, color: 'inherit' }}>
            {r.name}
          </Typography.Text>
        </Link>
      ),
    },
    { key: 'template', title: t('fields.template'), render: (_, r) => <Typography.Text ellipsis style={{ maxWidth: 220 }}>{r.template.templateName}</Typography.Text> },
    { key: 'status', title: t('fields.status'), render: (_, r) => <CampaignStatusTag campaign={r} /> },
    { key: 'mode', title: t('fields.mode'), render: (_, r) => <Tag color={r.mode === 'production' ? 'blue' : 'default'}>{t(`mode.${r.mode}`)}</Tag> },
    { key: 'apiKey', title: t('fields.apiKey'), render: (_, r) => r.apiKey?.name ?? '—' },
    { key: 'recordCount', title: t('fields.recordCount'), align: 'right', render: (_, r) => formatThousands(r.recordCount) },
    { key: 'price', title: t('fields.price'), align: 'right', render: (_, r) => formatMoney(r.template.price) },
    { key: 'estimatedCost', title: t('fields.estimatedCost'), align: 'right', render: (_, r) => formatMoney(r.estimatedCost) },
    { key: 'cost', title: t('fields.cost'), align: 'right', render: (_, r) => formatMoney(r.cost) },
    { key: 'scheduleAt', title: t('fields.scheduleAt'), render: (_, r) => (r.scheduleAt ? formatDateTime(r.scheduleAt) : t('startMode.IMMEDIATE')) },
    { key: 'createdAt', title: t('fields.createdAt'), render: (_, r) => formatDateTime(r.createdAt) },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          can('CREATE_CAMPAIGN') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="campaign-create">
              {t('create.button')}
            </Button>
          ) : null
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder={t('filters.search')} aria-label={t('filters.search')} style={{ width: 260, maxWidth: '100%' }} onSearch={setName} data-testid="campaign-search" />
          <Select allowClear placeholder={t('fields.status')} aria-label={t('fields.status')} style={{ width: 180, maxWidth: '100%' }} value={status} onChange={setStatus} options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} data-testid="campaign-status-filter" />
          {multiTeam ? <TeamSelect tenantId={tenantId} enabled multiple allowClear value={teamIds} onChange={(v) => setTeamIds(Array.isArray(v) ? v : [])} placeholder={t('fields.team')} /> : null}
        </Flex>
        <DataTable<Campaign>
          rowKey="id"
          data-testid="campaigns-table"
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('empty') }}
          paging={list.paging}
          onRow={(r) => ({ onClick: () => void navigate(detailHref(r.id)), style: { cursor: 'pointer' } })}
        />
      </Card>
      <CreateCampaignDialog open={creating} tenantId={tenantId} createPath={tenantHref(PAGES.znsCampaignCreate, tenantId)} onClose={() => setCreating(false)} />
    </>
  );
}
