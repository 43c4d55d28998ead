import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import MoreOutlined from '@ant-design/icons/MoreOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useContents } from '../../features/oa-content/api/get-contents';
import { useLiveContent } from '../../features/oa-content/api/use-live-content';
import type { OaContent, OaContentStatus, OaContentType } from '../../features/oa-content/api/types';
import { ContentStatusTag } from '../../features/oa-content/components/content-status';
import { ContentDetailModal } from '../../features/oa-content/components/content-detail-modal';
import { OaAvatars } from '../../features/oa-content/components/oa-avatars';
import { QuotaPopover } from '../../features/oa-content/components/quota-popover';
import { useConfirmDeleteContent } from '../../features/oa-content/components/delete-content';
import { TeamSelect } from '../../features/teams/components/team-select';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatThousands } from '../../lib/formatters';
import { useOaList } from '../../lib/oa-list';
import { PAGES, tenantDetailPageHref, tenantHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';

const STATUSES: OaContentStatus[] = ['draft', 'approval', 'disapproval', 'published'];

/** The detail route of one content with the tab as `type` (§2.7 action menu). */
export function contentDetailHref(id: string, type: OaContentType, tenantId: string): string {
  return `${tenantDetailPageHref(PAGES.oaContentDetail, id, tenantId)}&type=${type}`;
}

/** /tenant/zalo-oa/content (posts) and /content/video (videos), §2.7: the content list with filters, quota popover and detail modal. */
export function OaContentPage() {
  const { t } = useTranslation('oa-content');
  const { can } = usePermissions();
  const scope = useScope();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const tenantId = scope.tenant?.id ?? '';
  const type: OaContentType = location.pathname.replace(/\/$/, '').endsWith('/video') ? 'video' : 'post';
  const [status, setStatus] = useState<OaContentStatus | undefined>();
  const [title, setTitle] = useState('');
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const multiTeam = Boolean(scope.tenant?.isMultiTeam) && can('VIEW_TEAM');
  const oas = useOaList(tenantId);
  const list = useContents(tenantId, { type, ...(status ? { status } : {}), ...(title ? { title } : {}), ...(teamIds.length ? { teamIds } : {}) });
  const confirmDelete = useConfirmDeleteContent(tenantId);
  useLiveContent();

  const columns: TableProps<OaContent>['columns'] = [
    { key: 'index', title: '#', width: 56, render: (_, _r, index) => (list.page - 1) * list.size + index + 1 },
    { key: 'createdAt', title: t('columns.createdAt'), render: (_, r) => formatDateTime(r.createdAt) },
    {
      key: 'title',
      title: t('columns.title'),
      render: (_, r) => (
        <Flex gap={8} align="center" style={{ maxWidth: 360 }}>
          {r.avatar || r.cover?.photo_url ? <img src={r.cover?.photo_url ?? r.avatar ?? ''} alt="" style={{ width: 56, height: 32, objectFit: 'cover', borderRadius: 4, flex: 'none' }} /> : null}
          <Typography.Text strong={Boolean(r.title)} type={r.title ? undefined : 'secondary'} ellipsis={{ tooltip: r.title }} data-testid="content-title">
            {r.title || t('placeholder.title')}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'oas', title: t('columns.oas'), render: (_, r) => <OaAvatars oas={r.zaloOA} /> },
    { key: 'views', title: t('columns.views'), align: 'right', render: (_, r) => formatThousands(r.totalView) },
    { key: 'shares', title: t('columns.shares'), align: 'right', render: (_, r) => formatThousands(r.totalShare) },
    { key: 'status', title: t('columns.status'), render: (_, r) => <ContentStatusTag content={r} /> },
    {
      key: 'actions',
      title: t('common:actions'),
      width: 72,
      render: (_, r) => (
        <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'detail', label: t('actions.detail') },
                ...(r.abilities.delete ? [{ key: 'delete', label: t('actions.delete'), danger: true }] : []),
              ],
              onClick: ({ key }) => {
                if (key === 'detail') void navigate(contentDetailHref(r.id, type, tenantId));
                if (key === 'delete') confirmDelete(r.id);
              },
            }}
          >
            <Button type="text" icon={<MoreOutlined />} aria-label={t('actions.menu')} data-testid={`content-actions-${r.id}`} />
          </Dropdown>
        </span>
      ),
    },
  ];

  const table = list.query.isError ? (
    <ErrorResult status={500} message={errorText(list.query.error)} />
  ) : (
    <DataTable<OaContent>
      rowKey="id"
      data-testid="content-table"
      columns={columns}
      dataSource={list.rows}
      loading={list.query.isFetching}
      locale={{ emptyText: title || status || teamIds.length ? t('emptyFiltered') : t(`empty.${type}`) }}
      paging={list.paging}
      onRow={(r) => ({
        onClick: () => setOpenId(r.id),
        onKeyDown: (e) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) setOpenId(r.id);
        },
        tabIndex: 0,
        style: { cursor: 'pointer' },
        'data-testid': `content-row-${r.id}`,
      })}
    />
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          <Flex gap={8} wrap>
            <QuotaPopover tenantId={tenantId} zaloOAIds={(oas.data ?? []).map((o) => o.id)} />
            {can('CREATE_ZALO_OA_CONTENT') ? (
              <Link to={`${tenantHref(PAGES.oaContentCreate, tenantId)}&type=${type}`}>
                <Button type="primary" icon={<PlusOutlined />} data-testid="content-create">
                  {t(`create.${type}`)}
                </Button>
              </Link>
            ) : null}
          </Flex>
        }
      />
      <Card>
        <Tabs
          activeKey={type}
          onChange={(key) => void navigate(tenantHref(key === 'video' ? PAGES.oaContentVideo : PAGES.oaContent, tenantId))}
          items={[
            { key: 'post', label: t('tabs.post') },
            { key: 'video', label: t('tabs.video') },
          ]}
        />
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder={t('filters.title')} aria-label={t('filters.title')} style={{ width: 260, maxWidth: '100%' }} onSearch={(v) => setTitle(v.trim())} maxLength={200} data-testid="content-search" />
          <Select
            allowClear
            aria-label={t('filters.status')}
            placeholder={t('filters.status')}
            style={{ width: 200, maxWidth: '100%' }}
            value={status}
            options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(v: OaContentStatus | undefined) => setStatus(v)}
            data-testid="content-status-filter"
          />
          {multiTeam ? (
            <TeamSelect
              tenantId={tenantId}
              enabled={multiTeam}
              multiple
              allowClear
              placeholder={t('teams:select.filter')}
              style={{ minWidth: 220 }}
              value={teamIds}
              onChange={(v) => setTeamIds(Array.isArray(v) ? v : v ? [v] : [])}
            />
          ) : null}
        </Flex>
        {table}
      </Card>
      <ContentDetailModal tenantId={tenantId} id={openId} detailHref={(id) => contentDetailHref(id, type, tenantId)} onClose={() => setOpenId(null)} />
    </>
  );
}
