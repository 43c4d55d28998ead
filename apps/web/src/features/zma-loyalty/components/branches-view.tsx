import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Space from 'antd/es/space';
import App from 'antd/es/app';
import Result from 'antd/es/result';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { ZMA_BRANCH_TYPES, type ZmaBranchType } from '@zc/shared/api/zma';
import type { ZmaBranch } from '@zc/shared/api/zma-loyalty';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { ConfirmButton } from '../../../components/confirm-button';
import { useErrorText } from '../../../lib/error-text';
import { useDeleteBranch, useBranches } from '../api/loyalty';
import { useZmaCan } from '../api/scope';
import { BranchDialog } from './branch-dialog';
import { OpeningHours } from './opening-hours';

/** `/tenant/mini-app/:id/branch` (§7): branches and mini-app outlets, search, type filter, create, edit, delete. */
export function BranchesView({ branchHref }: { branchHref: (branchId: string) => string }) {
  const { t } = useTranslation('zma-loyalty');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { can } = useZmaCan();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<ZmaBranchType | undefined>();
  const [editing, setEditing] = useState<ZmaBranch | null | 'new'>(null);
  const list = useBranches({ search: search || undefined, type });
  const remove = useDeleteBranch();

  const onDelete = async (b: ZmaBranch) => {
    try {
      await remove.mutateAsync(b.id);
      void message.success(t('branch.deleted', { name: b.name }));
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const columns: TableProps<ZmaBranch>['columns'] = [
    {
      key: 'name',
      title: t('branch.fields.name'),
      render: (_, b) => (
        <Link to={branchHref(b.id)} data-testid={`branch-link-${b.id}`}>
          <strong>{b.name}</strong>
        </Link>
      ),
    },
    { key: 'type', title: t('branch.fields.type'), render: (_, b) => <Tag color={b.type === 'MINIAPP' ? 'purple' : 'cyan'}>{t(`branchType.${b.type}`)}</Tag> },
    { key: 'address', title: t('branch.fields.address'), render: (_, b) => b.address || '—' },
    { key: 'phone', title: t('branch.fields.phone'), render: (_, b) => b.phone || '—' },
    { key: 'hours', title: t('branch.fields.openingHours'), render: (_, b) => <OpeningHours entries={b.openingHours} compact /> },
    { key: 'games', title: t('branch.fields.games'), render: (_, b) => (b.games.length ? b.games.map((g) => <Tag key={g.id}>{g.name}</Tag>) : '—') },
    { key: 'status', title: t('branch.fields.status'), render: (_, b) => <Tag color={b.status === 'ACTIVE' ? 'green' : 'default'}>{t(`status.${b.status}`)}</Tag> },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, b) => (
        <Space size={4} wrap={false}>
          {can('UPDATE_ZMA_BRANCH') ? (
            <Button size="small" onClick={() => setEditing(b)} data-testid={`branch-edit-${b.id}`}>
              {t('common:edit')}
            </Button>
          ) : null}
          {can('DELETE_ZMA_BRANCH') ? (
            <ConfirmButton size="small" title={t('branch.deleteTitle')} description={t('branch.deleteText', { name: b.name })} onConfirm={() => onDelete(b)} data-testid={`branch-delete-${b.id}`}>
              {t('delete')}
            </ConfirmButton>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('branch.title')}
        extra={
          can('CREATE_ZMA_BRANCH') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="branch-create">
              {t('branch.create')}
            </Button>
          ) : null
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder={t('branch.search')} aria-label={t('branch.search')} style={{ width: 280, maxWidth: '100%' }} onSearch={(v) => setSearch(v.trim())} data-testid="branch-search" />
          <Select
            allowClear
            aria-label={t('branch.fields.type')}
            placeholder={t('branch.filterType')}
            style={{ width: 200, maxWidth: '100%' }}
            value={type}
            options={ZMA_BRANCH_TYPES.map((v) => ({ value: v, label: t(`branchType.${v}`) }))}
            onChange={(v: ZmaBranchType | undefined) => setType(v)}
          />
        </Flex>
        {list.query.isError ? (
          <Result status="warning" title={errorText(list.query.error)} extra={<Button onClick={() => void list.query.refetch()}>{t('retry')}</Button>} />
        ) : (
          <DataTable<ZmaBranch>
            rowKey="id"
            data-testid="branches-table"
            columns={columns}
            dataSource={list.rows}
            loading={list.query.isFetching}
            locale={{ emptyText: search || type ? t('branch.noMatch') : t('branch.empty') }}
            paging={list.paging}
          />
        )}
      </Card>
      <BranchDialog open={editing !== null} branch={editing === 'new' ? null : editing} canPickStaff={can('VIEW_ZMA_USER')} onClose={() => setEditing(null)} />
    </>
  );
}
