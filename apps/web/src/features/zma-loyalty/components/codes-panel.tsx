import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Flex from 'antd/es/flex';
import Space from 'antd/es/space';
import App from 'antd/es/app';
import Modal from 'antd/es/modal';
import Drawer from 'antd/es/drawer';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import Alert from 'antd/es/alert';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { GIFT_CODE_STATUSES, type GiftCodeStatus } from '@zc/shared/api/zma';
import { normaliseGiftCode, type GiftCode, type GiftCodeBulkResult } from '@zc/shared/api/zma-loyalty';
import { DataTable } from '../../../components/data-table';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/formatters';
import { useCodeBulkAction, useGiftCodeEvents, useGiftCodes } from '../api/loyalty';
import { downloadZmaCsv } from '../../../lib/download';
import { useZmaCan } from '../api/scope';
import { bulkActions, CODE_STATUS_COLOR } from '../code-status';
import { CodeCustomer, CodeStatusTag } from './code-parts';
import { GenerateCodesDialog } from './generate-codes';

type Action = 'cancel' | 'recall';

/**
 * The codes of one gift or voucher with the §3 columns: filters (status, code), selection → cancel
 * (NEW) or recall (NEW or CANCELLED) with confirmation and per-code results, a code's history, export.
 */
export function CodesPanel({ giftItemId, giftName, tenantId }: { giftItemId: string; giftName: string; tenantId: string }) {
  const { t } = useTranslation('zma-loyalty');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { can } = useZmaCan();
  const [status, setStatus] = useState<GiftCodeStatus | undefined>();
  const [code, setCode] = useState('');
  const [selected, setSelected] = useState<GiftCode[]>([]);
  const [historyOf, setHistoryOf] = useState<GiftCode | null>(null);
  const [outcome, setOutcome] = useState<{ action: Action; result: GiftCodeBulkResult; codes: Map<string, string> } | null>(null);
  const [generating, setGenerating] = useState(false);
  const [exporting, setExporting] = useState(false);
  const list = useGiftCodes({ giftItemId, status, code: code || undefined });
  const bulk = useCodeBulkAction();
  const counts = bulkActions(selected.map((c) => c.status));

  const run = async (action: Action) => {
    // Every selected code is sent: the server answers per code (done, or why not), shown afterwards.
    const ids = selected.map((c) => c.id);
    try {
      const result = await bulk.mutateAsync({ action, ids });
      setOutcome({ action, result, codes: new Map(selected.map((c) => [c.id, c.code])) });
      setSelected([]);
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadZmaCsv('zma/merchant/gift-code/export', { giftItemId, status, code: code || undefined }, tenantId, 'gift-codes.csv');
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableProps<GiftCode>['columns'] = [
    { key: 'code', title: t('code.fields.code'), render: (_, c) => <Typography.Text code copyable={{ text: c.code }}>{c.code}</Typography.Text> },
    { key: 'status', title: t('code.fields.status'), render: (_, c) => <CodeStatusTag status={c.status} /> },
    { key: 'branch', title: t('code.fields.branch'), render: (_, c) => c.zmaBranch?.name ?? '—' },
    { key: 'customer', title: t('code.fields.customer'), render: (_, c) => <CodeCustomer user={c.zmaUser} /> },
    { key: 'createdAt', title: t('code.fields.createdAt'), render: (_, c) => formatDateTime(c.createdAt) },
    { key: 'assignedAt', title: t('code.fields.assignedAt'), render: (_, c) => formatDateTime(c.assignedAt) || '—' },
    { key: 'usedAt', title: t('code.fields.usedAt'), render: (_, c) => formatDateTime(c.usedAt) || '—' },
    { key: 'expiresAt', title: t('code.fields.expiresAt'), render: (_, c) => formatDateTime(c.expiresAt) || '—' },
    {
      key: 'history',
      title: '',
      render: (_, c) => (
        <Button size="small" type="link" onClick={() => setHistoryOf(c)} data-testid={`code-history-${c.code}`}>
          {t('code.history')}
        </Button>
      ),
    },
  ];

  const bulkButton = (action: Action, n: number, permission: string) =>
    can(permission) ? (
      <Popconfirm
        key={action}
        title={t(`code.${action}Title`)}
        description={t(`code.${action}Text`, { count: n })}
        okText={t('common:confirm')}
        cancelText={t('common:cancel')}
        okButtonProps={{ danger: true, loading: bulk.isPending }}
        onConfirm={() => run(action)}
        disabled={n === 0}
      >
        <Button danger disabled={n === 0} data-testid={`codes-${action}`}>
          {t(`code.${action}`, { count: n })}
        </Button>
      </Popconfirm>
    ) : null;

  return (
    <div data-testid="codes-panel">
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={t('code.search')}
            aria-label={t('code.search')}
            style={{ width: 220, maxWidth: '100%' }}
            onSearch={(v) => setCode(v.trim() ? normaliseGiftCode(v) : '')}
            data-testid="codes-search"
          />
          <Select
            allowClear
            aria-label={t('code.fields.status')}
            placeholder={t('code.filterStatus')}
            style={{ width: 180, maxWidth: '100%' }}
            value={status}
            onChange={(v: GiftCodeStatus | undefined) => setStatus(v)}
            options={GIFT_CODE_STATUSES.map((s) => ({ value: s, label: <Tag color={CODE_STATUS_COLOR[s]}>{t(`codeStatus.${s}`)}</Tag> }))}
            data-testid="codes-status-filter"
          />
        </Flex>
        <Space wrap>
          {can('CREATE_ZMA_GIFT') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(true)} data-testid="codes-generate">
              {t('codes.generate')}
            </Button>
          ) : null}
          {can('EXPORT_ZMA_GIFT_ACTIVITY') ? (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void onExport()} data-testid="codes-export">
              {t('export')}
            </Button>
          ) : null}
        </Space>
      </Flex>
      {selected.length ? (
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="codes-bulk">
          <Typography.Text>{t('code.selected', { count: selected.length })}</Typography.Text>
          {bulkButton('cancel', counts.cancel, 'UPDATE_ZMA_GIFT')}
          {bulkButton('recall', counts.recall, 'DELETE_ZMA_GIFT')}
        </Flex>
      ) : null}
      {list.query.isError ? (
        <Alert type="error" showIcon title={errorText(list.query.error)} action={<Button onClick={() => void list.query.refetch()}>{t('retry')}</Button>} />
      ) : (
        <DataTable<GiftCode>
          rowKey="id"
          data-testid="codes-table"
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          locale={{ emptyText: status || code ? t('code.noMatch') : t('code.empty') }}
          paging={list.paging}
          rowSelection={
            can('UPDATE_ZMA_GIFT') || can('DELETE_ZMA_GIFT')
              ? {
                  selectedRowKeys: selected.map((c) => c.id),
                  onChange: (_keys, rows) => setSelected(rows),
                  getCheckboxProps: (c) => ({ 'aria-label': c.code }),
                  preserveSelectedRowKeys: true,
                }
              : undefined
          }
        />
      )}
      <CodeHistoryDrawer code={historyOf} onClose={() => setHistoryOf(null)} />
      <Modal
        open={outcome !== null}
        title={outcome ? t(`code.${outcome.action}Done`) : ''}
        onCancel={() => setOutcome(null)}
        data-testid="codes-outcome"
        footer={
          <Button type="primary" onClick={() => setOutcome(null)}>
            {t('import.close')}
          </Button>
        }
      >
        {outcome ? (
          <>
            <Alert type={outcome.result.refused.length ? 'warning' : 'success'} showIcon title={t('code.outcome', { done: outcome.result.done.length, refused: outcome.result.refused.length })} />
            {outcome.result.refused.length ? (
              <ul style={{ marginTop: 12, paddingLeft: 20 }} data-testid="codes-refused">
                {outcome.result.refused.map((r) => (
                  <li key={r.id}>
                    <Typography.Text code>{outcome.codes.get(r.id) ?? r.id}</Typography.Text>{' '}
                    {r.status ? <CodeStatusTag status={r.status} /> : null}
                    {t(`errors:${r.code}`, { defaultValue: r.code })}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </Modal>
      <GenerateCodesDialog open={generating} giftItemId={giftItemId} giftName={giftName} onClose={() => setGenerating(false)} />
    </div>
  );
}

/** A code's transitions: from → to, who (staff or customer), where (branch), when, note. */
function CodeHistoryDrawer({ code, onClose }: { code: GiftCode | null; onClose: () => void }) {
  const { t } = useTranslation('zma-loyalty');
  const errorText = useErrorText();
  const events = useGiftCodeEvents(code?.id ?? null);
  const label = (s: string | null) => (s ? t(`codeStatus.${s}`, { defaultValue: s }) : t('code.created'));
  return (
    <Drawer open={code !== null} onClose={onClose} title={code ? t('code.historyOf', { code: code.code }) : ''} size="min(420px, 100vw)" data-testid="code-history">
      {events.isError ? (
        <Alert type="error" showIcon title={errorText(events.error)} />
      ) : events.isLoading ? null : (events.data ?? []).length === 0 ? (
        <Typography.Text type="secondary">{t('code.noHistory')}</Typography.Text>
      ) : (
        <Timeline
          items={(events.data ?? []).map((e, i) => ({
            key: i,
            color: e.toStatus === 'USED' ? 'green' : e.toStatus === 'CANCELLED' || e.toStatus === 'RECALLED' ? 'red' : 'blue',
            content: (
              <div>
                <div>
                  <strong>
                    {e.fromStatus ? `${label(e.fromStatus)} → ` : ''}
                    {label(e.toStatus)}
                  </strong>
                </div>
                <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{formatDateTime(e.at)}</div>
                {e.actor ? <div>{t('code.by', { name: e.actor.displayName })}</div> : null}
                {e.customer ? <div>{t('code.customerIs', { name: e.customer.name })}</div> : null}
                {e.branch ? <div>{t('code.at', { name: e.branch.name })}</div> : null}
                {e.note ? <div>{e.note}</div> : null}
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
