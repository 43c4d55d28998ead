import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from 'antd/es/avatar';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd/es/table';
import type { ZmaCustomer } from '@zc/shared/api/zma-customer';
import { ZMA_GENDERS, type ZmaGender } from '@zc/shared/api/zma';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { RealtimeBadge } from '../../components/realtime-badge';
import { isForbiddenError } from '../../components/permission-alert';
import { useErrorText } from '../../lib/error-text';
import { formatDateTime, formatThousands } from '../../lib/formatters';
import { useDrawScope } from '../../features/zma-draw/use-draw-scope';
import { useCustomers, useLiveCustomers } from '../../features/zma-draw/api/zma-draw';
import { CustomerDrawer } from '../../features/zma-draw/components/customer-drawer';

type YesNo = 'yes' | 'no';
const toBool = (v: YesNo | undefined) => (v === undefined ? undefined : v === 'yes');

/** /tenant/mini-app/{id}/customer (§2.1): the mini app's end users with search, filters, paging and a detail drawer. */
export function MiniAppCustomersPage() {
  const { t } = useTranslation('zma-draw');
  const errorText = useErrorText();
  const { zmaAppId } = useDrawScope();
  const [search, setSearch] = useState('');
  const [follower, setFollower] = useState<YesNo | undefined>();
  const [phone, setPhone] = useState<YesNo | undefined>();
  const [gender, setGender] = useState<ZmaGender | undefined>();
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useCustomers(zmaAppId, { search: search.trim() || undefined, isFollower: toBool(follower), hasPhone: toBool(phone), gender });
  useLiveCustomers(zmaAppId);

  if (list.query.error && isForbiddenError(list.query.error)) return <ErrorResult status={403} />;

  const yesNo = (prefix: string) => (['yes', 'no'] as const).map((v) => ({ value: v, label: t(`customers.${prefix}.${v}`) }));
  const columns: TableProps<ZmaCustomer>['columns'] = [
    {
      key: 'name',
      title: t('customers.name'),
      render: (_, c) => (
        <Flex gap={8} align="center" style={{ minWidth: 160 }}>
          <Avatar size={32} src={c.avatar ?? undefined}>
            {c.name.slice(0, 1)}
          </Avatar>
          <span data-testid="customer-name">{c.name}</span>
        </Flex>
      ),
    },
    { key: 'phone', title: t('customers.phone'), render: (_, c) => c.phone ?? '—' },
    { key: 'follower', title: t('customers.followerCol'), render: (_, c) => (c.isFollower ? <Tag color="green">{t('customers.follower')}</Tag> : <Tag>{t('customers.notFollower')}</Tag>) },
    { key: 'spins', title: t('customers.spins'), align: 'right', render: (_, c) => formatThousands(c.spins) },
    { key: 'gifts', title: t('customers.gifts'), align: 'right', render: (_, c) => formatThousands(c.gifts) },
    { key: 'redeemed', title: t('customers.redeemed'), align: 'right', render: (_, c) => formatThousands(c.redeemed) },
    { key: 'joined', title: t('customers.joined'), render: (_, c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.createdAt)}</span> },
    { key: 'seen', title: t('customers.lastSeen'), render: (_, c) => <span style={{ whiteSpace: 'nowrap' }}>{c.lastSeenAt ? formatDateTime(c.lastSeenAt) : '—'}</span> },
  ];

  return (
    <>
      <PageHeader title={t('customers.title')} extra={<RealtimeBadge />} />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder={t('customers.search')} aria-label={t('customers.search')} style={{ width: 260, maxWidth: '100%' }} onSearch={setSearch} data-testid="customer-search" />
          <Select allowClear placeholder={t('customers.followerCol')} aria-label={t('customers.followerCol')} style={{ width: 170, maxWidth: '100%' }} value={follower} onChange={setFollower} options={yesNo('followerFilter')} />
          <Select allowClear placeholder={t('customers.phone')} aria-label={t('customers.phone')} style={{ width: 170, maxWidth: '100%' }} value={phone} onChange={setPhone} options={yesNo('phoneFilter')} />
          <Select allowClear placeholder={t('customers.gender')} aria-label={t('customers.gender')} style={{ width: 150, maxWidth: '100%' }} value={gender} onChange={setGender} options={ZMA_GENDERS.map((g) => ({ value: g, label: t(`customerGender.${g}`) }))} />
        </Flex>
        {list.query.isError ? (
          <ErrorResult status={500} message={errorText(list.query.error)} />
        ) : (
          <DataTable<ZmaCustomer>
            rowKey="id"
            data-testid="customers-table"
            columns={columns}
            dataSource={list.rows}
            loading={list.query.isFetching}
            locale={{ emptyText: search || follower || phone || gender ? t('customers.noMatch') : t('customers.empty') }}
            paging={list.paging}
            onRow={(c) => ({
              onClick: () => setOpenId(c.id),
              onKeyDown: (e) => {
                if (e.key === 'Enter') setOpenId(c.id);
              },
              tabIndex: 0,
              style: { cursor: 'pointer' },
              'data-testid': `customer-row-${c.id}`,
            })}
          />
        )}
      </Card>
      <CustomerDrawer customerId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
