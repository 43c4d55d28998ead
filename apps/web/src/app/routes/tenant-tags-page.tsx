import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import type { TenantTag } from '@zc/shared/api/settings';
import { useDeleteTenantTag, useTenantTags } from '../../features/settings/api/tags';
import { filterTags, tagOaOptions } from '../../features/settings/lib/tags';
import { ConfirmButton } from '../../components/confirm-button';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatThousands } from '../../lib/formatters';
import { useErrorText } from '../../lib/error-text';
import { useScope } from '../../lib/scope-context';
import { TenantSettingsTabs } from './tenant-settings-tabs';

/**
 * /tenant/settings/tags (UPDATE_ZALO_OA_USER, OA service): the labels of each of the tenant's OAs with
 * how many synced followers carry them; deleting one (after a confirmation) removes it on Zalo.
 */
export function TagsSettingsPage() {
  const { t } = useTranslation('settings');
  const scope = useScope();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const tags = useTenantTags(tenantId);
  const remove = useDeleteTenantTag(tenantId);
  const [search, setSearch] = useState('');
  const [oa, setOa] = useState<string | null>(null);
  const rows = useMemo(() => filterTags(tags.data?.data ?? [], { search, zaloOaId: oa }), [tags.data, search, oa]);
  const oas = useMemo(() => tagOaOptions(tags.data?.data ?? []), [tags.data]);
  const canDelete = tags.data?.abilities.delete ?? false;

  const columns: TableProps<TenantTag>['columns'] = [
    { key: 'tag', title: t('tags.tag'), render: (_, r) => <Tag color="blue">{r.tagName}</Tag> },
    { key: 'oa', title: t('tags.oa'), render: (_, r) => r.oaName },
    { key: 'followers', title: t('tags.followers'), align: 'right', render: (_, r) => formatThousands(r.followers) },
    ...(canDelete
      ? [
          {
            key: 'actions',
            title: t('tags.actions'),
            render: (_: unknown, r: TenantTag) => (
              <ConfirmButton
                size="small"
                icon={<DeleteOutlined />}
                title={t('tags.deleteTitle', { tag: r.tagName })}
                description={<div style={{ maxWidth: 280 }}>{t('tags.deleteBody', { oa: r.oaName, count: r.followers })}</div>}
                loading={remove.isPending && remove.variables.tagName === r.tagName && remove.variables.zaloOaId === r.zaloOaId}
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync({ zaloOaId: r.zaloOaId, tagName: r.tagName });
                    void message.success(t('tags.deleted', { tag: r.tagName }));
                  } catch (error) {
                    void message.error(errorText(error));
                  }
                }}
                data-testid={`tag-delete-${r.tagName}`}
              >
                {t('tags.delete')}
              </ConfirmButton>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader title={t('title.tags')} />
      <TenantSettingsTabs active="tags" />
      {tags.isError ? (
        <ErrorResult status={500} message={errorText(tags.error)} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('tags.intro')}</Typography.Paragraph>
          {tags.data && tags.data.unreachable.length > 0 ? (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('tags.unreachable', { oas: tags.data.unreachable.map((o) => o.oaName).join(', ') })} />
          ) : null}
          <Flex gap={8} wrap style={{ marginBottom: 12 }}>
            <Input.Search allowClear placeholder={t('tags.search')} aria-label={t('tags.search')} onChange={(e) => setSearch(e.target.value)} style={{ maxWidth: 280 }} data-testid="tags-search" />
            {oas.length > 1 ? (
              <Select
                allowClear
                placeholder={t('tags.allOas')}
                aria-label={t('tags.oa')}
                value={oa ?? undefined}
                onChange={(v?: string) => setOa(v ?? null)}
                options={oas.map((o) => ({ value: o.zaloOaId, label: o.oaName }))}
                style={{ minWidth: 200 }}
              />
            ) : null}
          </Flex>
          <DataTable<TenantTag>
            rowKey={(r) => `${r.zaloOaId}:${r.tagName}`}
            columns={columns}
            dataSource={rows}
            loading={tags.isLoading}
            locale={{ emptyText: t('tags.empty') }}
            data-testid="tags-table"
          />
        </>
      )}
    </>
  );
}
