import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Space from 'antd/es/space';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Drawer from 'antd/es/drawer';
import Result from 'antd/es/result';
import Tooltip from 'antd/es/tooltip';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import { ZMA_STATUSES, type ZmaItemType, type ZmaStatus } from '@zc/shared/api/zma';
import type { ZmaGiftItem } from '@zc/shared/api/zma-loyalty';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { formatDate, formatMoney, formatThousands } from '../../../lib/formatters';
import { useDeleteGift, useGifts } from '../api/loyalty';
import { downloadZmaCsv } from '../../../lib/download';
import { useZmaCan } from '../api/scope';
import { CodesPanel } from './codes-panel';
import { GiftDialog } from './gift-dialog';
import { ImportDialog } from './import-dialog';

/** The voucher's discount as shown: '10 %' or '50,000 ₫'. */
export function discountText(item: Pick<ZmaGiftItem, 'discountKind' | 'discountValue'>): string {
  if (item.discountValue == null || !item.discountKind) return '—';
  return item.discountKind === 'PERCENT' ? `${item.discountValue} %` : formatMoney(item.discountValue);
}

/**
 * `gift-inventory` (type ITEM) and `voucher` (type VOUCHER): search, status filter, pages; create,
 * edit, delete (409 ZMA_ITEM_IN_USE explained); CSV import and export (§6 export permission); per
 * item its codes in a drawer (generate with live progress, cancel, recall, history, export).
 */
export function GiftsView({ type, tenantId }: { type: ZmaItemType; tenantId: string }) {
  const { t } = useTranslation('zma-loyalty');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const { can } = useZmaCan();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ZmaStatus | undefined>();
  const [editing, setEditing] = useState<ZmaGiftItem | 'new' | null>(null);
  const [codesOf, setCodesOf] = useState<ZmaGiftItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const list = useGifts({ type, search: search || undefined, status });
  const remove = useDeleteGift();
  const voucher = type === 'VOUCHER';
  const ns = voucher ? 'voucher' : 'gift';

  const confirmDelete = (item: ZmaGiftItem) => {
    modal.confirm({
      title: t(`${ns}.deleteTitle`),
      content: t(`${ns}.deleteText`, { name: item.name }),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(item.id);
          void message.success(t(`${ns}.deleted`, { name: item.name }));
        } catch (error) {
          if (error instanceof ApiError && error.code === 'ZMA_ITEM_IN_USE') {
            modal.warning({ title: t('gift.inUseTitle'), content: t('gift.inUseText', { name: item.name }) });
          } else void message.error(errorText(error));
        }
      },
    });
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadZmaCsv('zma/merchant/gift/export', { type, status }, tenantId, voucher ? 'vouchers.csv' : 'gifts.csv');
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  const validity = (g: ZmaGiftItem) => (g.validFrom || g.validTo ? `${formatDate(g.validFrom) || '…'} – ${formatDate(g.validTo) || '…'}` : t('gift.always'));
  const value = (g: ZmaGiftItem) => (g.priceMode === 'COEFFICIENT' ? `${formatMoney(g.valueMin)} × ${g.coefficient ?? 0}` : g.valueMin === g.valueMax ? formatMoney(g.valueMin) : `${formatMoney(g.valueMin)} – ${formatMoney(g.valueMax)}`);

  const columns: TableProps<ZmaGiftItem>['columns'] = [
    {
      key: 'name',
      title: t('gift.fields.name'),
      render: (_, g) => (
        <Space>
          <Avatar shape="square" size={40} src={g.imageUrl ?? undefined} icon={<GiftOutlined />} alt="" />
          <strong>{g.name}</strong>
        </Space>
      ),
    },
    ...(voucher
      ? [
          { key: 'discount', title: t('voucher.fields.discountValue'), render: (_: unknown, g: ZmaGiftItem) => discountText(g) },
          { key: 'minOrder', title: t('voucher.fields.minOrderValue'), render: (_: unknown, g: ZmaGiftItem) => (g.minOrderValue ? formatMoney(g.minOrderValue) : '—') },
        ]
      : [{ key: 'value', title: t('gift.fields.value'), render: (_: unknown, g: ZmaGiftItem) => value(g) }]),
    { key: 'validity', title: t('gift.fields.validity'), render: (_, g) => validity(g) },
    { key: 'stock', title: t('gift.fields.stock'), render: (_, g) => formatThousands(g.stockTotal) },
    {
      key: 'codes',
      title: t('gift.fields.codes'),
      render: (_, g) => (
        <Tooltip title={t('gift.codesTip', { ...g.codes })}>
          <span>{t('gift.codesSummary', { fresh: formatThousands(g.codes.NEW), given: formatThousands(g.codes.ALLOCATED), used: formatThousands(g.codes.USED) })}</span>
        </Tooltip>
      ),
    },
    { key: 'status', title: t('gift.fields.status'), render: (_, g) => <Tag color={g.status === 'ACTIVE' ? 'green' : 'default'}>{t(`status.${g.status}`)}</Tag> },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, g) => (
        <Space size={4} wrap={false}>
          <Button size="small" type="primary" ghost onClick={() => setCodesOf(g)} data-testid={`gift-codes-${g.id}`}>
            {t('gift.codes')}
          </Button>
          {can('UPDATE_ZMA_GIFT') ? (
            <Button size="small" onClick={() => setEditing(g)} data-testid={`gift-edit-${g.id}`}>
              {t('common:edit')}
            </Button>
          ) : null}
          {can('DELETE_ZMA_GIFT') ? (
            <Button size="small" danger onClick={() => confirmDelete(g)} data-testid={`gift-delete-${g.id}`}>
              {t('delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t(`${ns}.title`)}
        extra={
          <Space wrap>
            {can('CREATE_ZMA_GIFT') ? (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="gift-import">
                {t('import.button')}
              </Button>
            ) : null}
            {can('EXPORT_ZMA_GIFT') ? (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void onExport()} data-testid="gift-export">
                {t('export')}
              </Button>
            ) : null}
            {can('CREATE_ZMA_GIFT') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="gift-create">
                {t(`${ns}.create`)}
              </Button>
            ) : null}
          </Space>
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder={t('gift.search')} aria-label={t('gift.search')} style={{ width: 280, maxWidth: '100%' }} onSearch={(v) => setSearch(v.trim())} data-testid="gift-search" />
          <Select
            allowClear
            aria-label={t('gift.fields.status')}
            placeholder={t('gift.filterStatus')}
            style={{ width: 200, maxWidth: '100%' }}
            value={status}
            options={ZMA_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(v: ZmaStatus | undefined) => setStatus(v)}
          />
        </Flex>
        {list.query.isError ? (
          <Result status="warning" title={errorText(list.query.error)} extra={<Button onClick={() => void list.query.refetch()}>{t('retry')}</Button>} />
        ) : (
          <DataTable<ZmaGiftItem>
            rowKey="id"
            data-testid="gifts-table"
            columns={columns}
            dataSource={list.rows}
            loading={list.query.isFetching}
            locale={{ emptyText: search || status ? t('gift.noMatch') : t(`${ns}.empty`) }}
            paging={list.paging}
          />
        )}
      </Card>
      <GiftDialog open={editing !== null} type={type} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      <Drawer open={codesOf !== null} onClose={() => setCodesOf(null)} title={codesOf ? t('codes.title', { name: codesOf.name }) : ''} size="min(1100px, 100vw)" destroyOnHidden data-testid="codes-drawer">
        {codesOf ? <CodesPanel giftItemId={codesOf.id} giftName={codesOf.name} tenantId={tenantId} /> : null}
      </Drawer>
    </>
  );
}
