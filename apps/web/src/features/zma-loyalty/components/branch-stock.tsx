import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import type { BranchStockRow } from '@zc/shared/api/zma-loyalty';
import { DataTable } from '../../../components/data-table';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { fieldIssueText } from '../../../lib/form-errors';
import { formatThousands } from '../../../lib/formatters';
import { useBranchStock, useGifts, useSaveBranchStock } from '../api/loyalty';
import { stockValueError } from '../branch-form';

type Edit = { quantity: number | null; lowThreshold: number | null };

/** The branch's gift stock: quantity and low-stock threshold per item; negative values are refused (here and by the server). */
export function BranchStock({ branchId, canEdit, canPickGifts }: { branchId: string; canEdit: boolean; canPickGifts: boolean }) {
  const { t } = useTranslation('zma-loyalty');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const stock = useBranchStock(branchId, true);
  const save = useSaveBranchStock(branchId);
  // The gifts that can be added (first 100 of each type; VIEW_ZMA_GIFT).
  const items = useGifts({ type: 'ITEM', status: 'ACTIVE' }, { enabled: canEdit && canPickGifts, initialSize: 100 });
  const vouchers = useGifts({ type: 'VOUCHER', status: 'ACTIVE' }, { enabled: canEdit && canPickGifts, initialSize: 100 });
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [added, setAdded] = useState<BranchStockRow[]>([]);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const rows: BranchStockRow[] = [...(stock.data ?? []), ...added.filter((a) => !(stock.data ?? []).some((r) => r.giftItemId === a.giftItemId))];
  const value = (r: BranchStockRow): Edit => edits[r.giftItemId] ?? { quantity: r.quantity, lowThreshold: r.lowThreshold };
  const problems = Object.entries(edits).flatMap(([id, e]) => {
    const q = stockValueError(e.quantity);
    const l = stockValueError(e.lowThreshold);
    return [...(q ? [{ id, field: 'quantity' as const, key: q }] : []), ...(l ? [{ id, field: 'lowThreshold' as const, key: l }] : [])];
  });
  const problem = (id: string, field: 'quantity' | 'lowThreshold') => problems.find((p) => p.id === id && p.field === field);
  const dirty = Object.keys(edits).length > 0;

  const gifts = canPickGifts ? [...items.rows, ...vouchers.rows] : [];
  const addable = gifts.filter((g) => !rows.some((r) => r.giftItemId === g.id));

  const onSave = async () => {
    setServerErrors({});
    const body = { items: Object.entries(edits).map(([giftItemId, e]) => ({ giftItemId, quantity: e.quantity ?? 0, lowThreshold: e.lowThreshold ?? 0 })) };
    try {
      await save.mutateAsync(body);
      setEdits({});
      setAdded([]);
      void message.success(t('stock.saved'));
    } catch (error) {
      // 422 names items.N.quantity: put the message on that row.
      if (error instanceof ApiError && error.fields.length) {
        const next: Record<string, string> = {};
        for (const f of error.fields) {
          const m = /items\.(\d+)\.(quantity|lowThreshold)/.exec(f.path);
          const item = m ? body.items[Number(m[1])] : undefined;
          if (item && m) next[`${item.giftItemId}.${m[2]}`] = fieldIssueText(f);
        }
        setServerErrors(next);
      }
      void message.error(errorText(error));
    }
  };

  const numberCell = (r: BranchStockRow, field: 'quantity' | 'lowThreshold') => {
    const p = problem(r.giftItemId, field);
    const server = serverErrors[`${r.giftItemId}.${field}`];
    const text = p ? t(`stock.errors.${p.key}`) : server;
    if (!canEdit) return formatThousands(r[field]);
    return (
      <div>
        <InputNumber
          value={value(r)[field]}
          status={text ? 'error' : undefined}
          precision={0}
          style={{ width: 120 }}
          aria-label={t(`stock.${field}For`, { name: r.name })}
          data-testid={`stock-${field}-${r.giftItemId}`}
          onChange={(v) => setEdits((old) => ({ ...old, [r.giftItemId]: { ...value(r), [field]: typeof v === 'number' ? v : null } }))}
        />
        {text ? (
          <div role="alert" style={{ color: '#ff4d4f', fontSize: 12 }}>
            {text}
          </div>
        ) : null}
      </div>
    );
  };

  const columns: TableProps<BranchStockRow>['columns'] = [
    { key: 'name', title: t('stock.gift'), render: (_, r) => r.name },
    { key: 'type', title: t('stock.type'), render: (_, r) => <Tag>{t(`itemType.${r.type}`)}</Tag> },
    { key: 'quantity', title: t('stock.quantity'), render: (_, r) => numberCell(r, 'quantity') },
    { key: 'lowThreshold', title: t('stock.lowThreshold'), render: (_, r) => numberCell(r, 'lowThreshold') },
    {
      key: 'state',
      title: '',
      render: (_, r) => {
        const v = value(r);
        return v.quantity !== null && v.lowThreshold !== null && v.quantity <= v.lowThreshold ? <Tag color="orange">{t('stock.low')}</Tag> : null;
      },
    },
  ];

  return (
    <Card
      title={t('stock.title')}
      data-testid="branch-stock"
      extra={
        canEdit ? (
          <Button type="primary" disabled={!dirty || problems.length > 0} loading={save.isPending} onClick={() => void onSave()} data-testid="stock-save">
            {t('common:save')}
          </Button>
        ) : null
      }
    >
      {canEdit && addable.length > 0 ? (
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 280, maxWidth: '100%' }}
            aria-label={t('stock.add')}
            placeholder={t('stock.add')}
            value={null}
            options={addable.map((g) => ({ value: g.id, label: g.name }))}
            onChange={(id: string) => {
              const g = addable.find((x) => x.id === id);
              if (!g) return;
              setAdded((old) => [...old, { giftItemId: g.id, name: g.name, type: g.type, quantity: 0, lowThreshold: 0 }]);
              setEdits((old) => ({ ...old, [g.id]: { quantity: 0, lowThreshold: 0 } }));
            }}
          />
        </Flex>
      ) : null}
      {stock.isError ? (
        <Typography.Text type="danger">{errorText(stock.error)}</Typography.Text>
      ) : (
        <DataTable<BranchStockRow> rowKey="giftItemId" columns={columns} dataSource={rows} loading={stock.isFetching} locale={{ emptyText: t('stock.empty') }} />
      )}
    </Card>
  );
}
