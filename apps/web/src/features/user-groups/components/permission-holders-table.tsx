import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Avatar from 'antd/es/avatar';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import type { PermissionHolderUser, PermissionHolders, PermissionSource } from '@zc/shared/api/user-groups';
import { DataTable } from '../../../components/data-table';
import { PERMISSION_AREAS, permissionArea, type PermissionArea } from '../permission-areas';

type Row = { permission: string; area: PermissionArea; holders: Array<{ user: PermissionHolderUser; sources: PermissionSource[] }> };

const SOURCE_COLORS: Record<PermissionSource, string> = { TENANT_GROUP: 'cyan', MERCHANT_ROLE: 'gold' };

/**
 * Who holds which permission (§6 union): one row per permission of the catalogue with the people
 * holding it and through what (their user group, their organisation role). Filter by words of
 * the permission, by area, or by one person (then only what that person holds is listed).
 */
export function PermissionHoldersTable({ data, loading }: { data: PermissionHolders | undefined; loading: boolean }) {
  const { t } = useTranslation('user-groups');
  const [search, setSearch] = useState('');
  const [area, setArea] = useState<PermissionArea | undefined>(undefined);
  const [userId, setUserId] = useState<string | undefined>(undefined);
  const users = useMemo(() => new Map((data?.users ?? []).map((u) => [u.id, u])), [data]);
  const needle = search.trim().toUpperCase().replace(/\s+/g, '_');

  const rows: Row[] = useMemo(
    () =>
      (data?.permissions ?? [])
        .map((p) => ({
          permission: p.permission,
          area: permissionArea(p.permission),
          holders: p.holders.flatMap((h) => {
            const user = users.get(h.userId);
            return user ? [{ user, sources: h.sources }] : [];
          }),
        }))
        .filter((r) => (!needle || r.permission.includes(needle)) && (!area || r.area === area) && (!userId || r.holders.some((h) => h.user.id === userId))),
    [data, users, needle, area, userId],
  );

  const sourceLabel = (sources: PermissionSource[], user: PermissionHolderUser) =>
    sources
      .map((s) => (s === 'TENANT_GROUP' ? t('holders.viaGroup', { name: user.userGroup?.name ?? '' }) : t('holders.viaRole', { role: t(`users:roles.${user.roleMerchant}`) })))
      .join(' · ');

  const columns: TableProps<Row>['columns'] = [
    {
      key: 'permission',
      title: t('holders.permission'),
      width: 300,
      render: (_, r) => (
        <Space direction="vertical" size={2}>
          <Typography.Text code style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {r.permission}
          </Typography.Text>
          <Tag>{t(`areas.${r.area}`)}</Tag>
        </Space>
      ),
    },
    {
      key: 'holders',
      title: t('holders.holders'),
      render: (_, r) => {
        const shown = userId ? r.holders.filter((h) => h.user.id === userId) : r.holders;
        if (shown.length === 0) return <Typography.Text type="secondary">{t('holders.nobody')}</Typography.Text>;
        return (
          <Space size={[4, 6]} wrap>
            {shown.map((h) => (
              <Tooltip key={h.user.id} title={`${h.user.email} — ${sourceLabel(h.sources, h.user)}`}>
                <Tag color={SOURCE_COLORS[h.sources[0] ?? 'TENANT_GROUP']} style={{ marginInlineEnd: 0, paddingInline: 4 }} data-holder={h.user.email}>
                  <Avatar size={16} src={h.user.avatar ?? undefined} style={{ marginInlineEnd: 4, fontSize: 10 }}>
                    {(h.user.displayName || h.user.email).slice(0, 1).toUpperCase()}
                  </Avatar>
                  {h.user.displayName || h.user.email}
                </Tag>
              </Tooltip>
            ))}
          </Space>
        );
      },
    },
    { key: 'count', title: t('holders.count'), width: 90, align: 'right', render: (_, r) => r.holders.length },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('holders.searchPermission')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 240, maxWidth: '100%' }} />
        <Select
          allowClear
          placeholder={t('holders.area')}
          value={area}
          onChange={setArea}
          style={{ width: 200, maxWidth: '100%' }}
          options={PERMISSION_AREAS.filter((a) => a !== 'other').map((a) => ({ value: a, label: t(`areas.${a}`) }))}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('holders.user')}
          value={userId}
          onChange={setUserId}
          style={{ width: 260, maxWidth: '100%' }}
          options={(data?.users ?? []).map((u) => ({ value: u.id, label: `${u.displayName || u.email} (${u.email})` }))}
          data-testid="holders-user"
        />
      </Space>
      <Space size={12} wrap style={{ marginBottom: 8 }}>
        <Tag color={SOURCE_COLORS.TENANT_GROUP}>{t('holders.legendGroup')}</Tag>
        <Tag color={SOURCE_COLORS.MERCHANT_ROLE}>{t('holders.legendRole')}</Tag>
      </Space>
      <DataTable<Row> data-testid="permission-holders" rowKey="permission" size="small" columns={columns} dataSource={rows} loading={loading} scroll={{ x: 560 }} />
    </>
  );
}
