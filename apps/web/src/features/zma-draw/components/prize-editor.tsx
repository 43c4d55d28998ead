import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Progress from 'antd/es/progress';
import Select from 'antd/es/select';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { ZmaGiftItem } from '@zc/shared/api/zma-loyalty';
import { MAX_PRIZES, MIN_PRIZES, evenSplit, fillRemainder, formatPercent, paletteColor, percentToPpm, ppmToPercent, probabilityTotal, type PrizeDraft } from '../logic/probability';

const NO_PRIZE = '__none__';

/**
 * The prize rows of a draw (2–12): the gift or voucher it gives or "no prize", its label, its
 * probability in per cent (4 decimals), its stock or unlimited, its colour; and the live total that
 * must reach exactly 100 %. `errors` holds messages by field path (`prizes.N.stock`), the server's too.
 */
export function PrizeEditor({
  value,
  onChange,
  gifts,
  giftsLoading,
  errors,
}: {
  value: PrizeDraft[];
  onChange: (next: PrizeDraft[]) => void;
  gifts: readonly ZmaGiftItem[];
  giftsLoading: boolean;
  errors: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation('zma-draw');
  const total = probabilityTotal(value);
  const set = (index: number, patch: Partial<PrizeDraft>) => onChange(value.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const giftOptions = [
    { value: NO_PRIZE, label: t('prizes.noPrize') },
    ...(['ITEM', 'VOUCHER'] as const).map((type) => ({
      label: t(`giftType.${type}`),
      options: gifts.filter((g) => g.type === type).map((g) => ({ value: g.id, label: g.name })),
    })),
  ];
  const add = () => onChange([...value, { giftItemId: null, label: t('prizes.newLabel', { n: value.length + 1 }), probability: 0, stock: null, color: paletteColor(value.length) }]);
  const split = () => {
    const parts = evenSplit(value.length);
    onChange(value.map((p, i) => ({ ...p, probability: parts[i] ?? 0 })));
  };

  return (
    <div data-testid="prize-editor">
      <Flex vertical gap={12}>
        {value.map((prize, index) => {
          const rowError = (field: string) => errors[`prizes.${index}.${field}`];
          const stockError = rowError('stock');
          const isNoPrize = prize.giftItemId === null;
          return (
            <div key={index} data-testid={`prize-row-${index}`} style={{ border: '1px solid rgba(5,5,5,0.12)', borderLeft: `6px solid ${prize.color}`, borderRadius: 8, padding: 12 }}>
              <Flex gap={8} wrap align="flex-start">
                <label style={{ flex: '1 1 200px', minWidth: 0 }}>
                  <Typography.Text type="secondary">{t('prizes.gift')}</Typography.Text>
                  <Select
                    style={{ width: '100%' }}
                    value={prize.giftItemId ?? NO_PRIZE}
                    loading={giftsLoading}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={giftOptions}
                    aria-label={t('prizes.gift')}
                    data-testid={`prize-gift-${index}`}
                    status={rowError('giftItemId') ? 'error' : undefined}
                    onChange={(v: string) => {
                      const gift = gifts.find((g) => g.id === v);
                      const previous = gifts.find((g) => g.id === prize.giftItemId)?.name;
                      // A label nobody typed (empty, the default, the previous gift's name) follows the gift.
                      const typed = prize.label.trim() !== '' && prize.label !== previous && prize.label !== t('prizes.newLabel', { n: index + 1 });
                      if (v === NO_PRIZE) set(index, { giftItemId: null, stock: null, label: typed ? prize.label : t('prizes.noPrize') });
                      else set(index, { giftItemId: v, label: typed || !gift ? prize.label : gift.name.slice(0, 60) });
                    }}
                  />
                  {rowError('giftItemId') ? <Typography.Text type="danger">{rowError('giftItemId')}</Typography.Text> : null}
                </label>
                <label style={{ flex: '1 1 160px', minWidth: 0 }}>
                  <Typography.Text type="secondary">{t('prizes.label')}</Typography.Text>
                  <Input value={prize.label} maxLength={60} onChange={(e) => set(index, { label: e.target.value })} status={rowError('label') ? 'error' : undefined} data-testid={`prize-label-${index}`} />
                  {rowError('label') ? <Typography.Text type="danger">{rowError('label')}</Typography.Text> : null}
                </label>
              </Flex>
              <Flex gap={8} wrap align="flex-end" style={{ marginTop: 8 }}>
                <label style={{ flex: '1 1 130px', minWidth: 0 }}>
                  <Typography.Text type="secondary">{t('prizes.probability')}</Typography.Text>
                  <InputNumber
                    style={{ width: '100%' }}
                    min={0}
                    max={100}
                    step={0.0001}
                    precision={4}
                    suffix="%"
                    value={ppmToPercent(prize.probability)}
                    onChange={(v) => set(index, { probability: percentToPpm(typeof v === 'number' ? v : Number(v)) })}
                    status={rowError('probability') ? 'error' : undefined}
                    data-testid={`prize-probability-${index}`}
                  />
                </label>
                <label style={{ flex: '1 1 150px', minWidth: 0 }}>
                  <Typography.Text type="secondary">{t('prizes.stock')}</Typography.Text>
                  <Flex gap={8} align="center">
                    <InputNumber
                      style={{ flex: 1, minWidth: 70 }}
                      min={0}
                      precision={0}
                      disabled={prize.stock === null || isNoPrize}
                      value={prize.stock ?? undefined}
                      placeholder={t('prizes.unlimited')}
                      onChange={(v) => set(index, { stock: typeof v === 'number' ? v : 0 })}
                      status={stockError ? 'error' : undefined}
                      data-testid={`prize-stock-${index}`}
                    />
                    <Checkbox checked={prize.stock === null} disabled={isNoPrize} onChange={(e) => set(index, { stock: e.target.checked ? null : Math.max(prize.won ?? 0, 1) })} data-testid={`prize-unlimited-${index}`}>
                      {t('prizes.unlimited')}
                    </Checkbox>
                  </Flex>
                </label>
                <label style={{ flex: '0 0 auto' }}>
                  <Typography.Text type="secondary">{t('prizes.color')}</Typography.Text>
                  <div>
                    <input type="color" value={prize.color} onChange={(e) => set(index, { color: e.target.value.toUpperCase() })} aria-label={t('prizes.color')} style={{ width: 44, height: 32, border: 'none', padding: 0, background: 'none', cursor: 'pointer' }} data-testid={`prize-color-${index}`} />
                  </div>
                </label>
                <Flex gap={4}>
                  <Tooltip title={t('prizes.fill')}>
                    <Button onClick={() => onChange(fillRemainder(value, index))} aria-label={t('prizes.fill')} data-testid={`prize-fill-${index}`}>
                      {t('prizes.fillShort')}
                    </Button>
                  </Tooltip>
                  <Tooltip title={t('prizes.remove')}>
                    <Button danger icon={<DeleteOutlined />} disabled={value.length <= MIN_PRIZES || (prize.won ?? 0) > 0} onClick={() => onChange(value.filter((_, i) => i !== index))} aria-label={t('prizes.remove')} data-testid={`prize-remove-${index}`} />
                  </Tooltip>
                </Flex>
              </Flex>
              {stockError ? <Typography.Text type="danger" data-testid={`prize-stock-error-${index}`}>{stockError}</Typography.Text> : null}
              {prize.won ? <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>{t('prizes.wonSoFar', { count: prize.won })}</Typography.Text> : null}
            </div>
          );
        })}
      </Flex>
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        <Button icon={<PlusOutlined />} disabled={value.length >= MAX_PRIZES} onClick={add} data-testid="prize-add">
          {t('prizes.add', { max: MAX_PRIZES })}
        </Button>
        <Button onClick={split} data-testid="prize-split">
          {t('prizes.split')}
        </Button>
      </Flex>
      <div style={{ marginTop: 12 }} data-testid="probability-total" data-ok={total.ok ? 'true' : 'false'} data-total={total.total}>
        <Progress percent={Math.min(100, total.total / 10_000)} showInfo={false} status={total.ok ? 'success' : total.total > 1_000_000 ? 'exception' : 'active'} />
        <Alert
          type={total.ok ? 'success' : 'error'}
          showIcon
          title={t('prizes.total', { total: formatPercent(total.total) })}
          description={total.ok ? undefined : total.remaining > 0 ? t('prizes.missing', { rest: formatPercent(total.remaining) }) : t('prizes.over', { rest: formatPercent(-total.remaining) })}
        />
        {errors.prizes ? (
          <Typography.Text type="danger" data-testid="prizes-error" role="alert">
            {errors.prizes}
          </Typography.Text>
        ) : null}
      </div>
    </div>
  );
}
