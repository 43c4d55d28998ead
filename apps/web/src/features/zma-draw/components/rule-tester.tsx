import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import type { Draw, Rule } from '@zc/shared/api/zma-draw';
import { PermissionAlert, isForbiddenError } from '../../../components/permission-alert';
import { useErrorText } from '../../../lib/error-text';
import { useDrawScope } from '../use-draw-scope';
import { useCustomerSearch, useTestRule } from '../api/zma-draw';

/** "May this customer play now, and why not": pick a draw, a customer (search), an optional moment. */
export function RuleTester({ draws, rules }: { draws: readonly Draw[]; rules: readonly Rule[] }) {
  const { t } = useTranslation('zma-draw');
  const errorText = useErrorText();
  const { zmaAppId } = useDrawScope();
  const [drawId, setDrawId] = useState<string | undefined>();
  const [customerId, setCustomerId] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [at, setAt] = useState<Dayjs | null>(null);
  const customers = useCustomerSearch(zmaAppId, search.trim());
  const test = useTestRule();
  const result = test.data;
  const ruleName = (id: string | null) => (id ? (rules.find((r) => r.id === id)?.name ?? null) : null);

  const run = () => {
    if (!drawId || !customerId) return;
    test.mutate(at ? { drawId, customerId, at: at.toISOString() } : { drawId, customerId });
  };

  return (
    <Card title={t('tester.title')} data-testid="rule-tester">
      <Typography.Paragraph type="secondary">{t('tester.intro')}</Typography.Paragraph>
      {isForbiddenError(customers.error) ? <PermissionAlert what={t('tester.customersWhat')} compact /> : null}
      <Flex gap={12} wrap align="flex-end">
        <label style={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography.Text type="secondary">{t('tester.draw')}</Typography.Text>
          <Select style={{ width: '100%' }} value={drawId} onChange={setDrawId} placeholder={t('tester.pickDraw')} aria-label={t('tester.draw')} options={draws.map((d) => ({ value: d.id, label: d.name }))} data-testid="tester-draw" />
        </label>
        <label style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography.Text type="secondary">{t('tester.customer')}</Typography.Text>
          <Select
            style={{ width: '100%' }}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            value={customerId}
            onChange={setCustomerId}
            placeholder={t('tester.searchCustomer')}
            aria-label={t('tester.customer')}
            loading={customers.isFetching}
            notFoundContent={customers.isFetching ? t('tester.searching') : t('tester.noCustomer')}
            data-testid="tester-customer"
            options={(customers.data ?? []).map((c) => ({
              value: c.id,
              label: (
                <Flex gap={8} align="center">
                  <Avatar size={20} src={c.avatar ?? undefined}>
                    {c.name.slice(0, 1)}
                  </Avatar>
                  <span>{c.phone ? `${c.name} · ${c.phone}` : c.name}</span>
                </Flex>
              ),
            }))}
          />
        </label>
        <label style={{ flex: '1 1 180px', minWidth: 0 }}>
          <Typography.Text type="secondary">{t('tester.at')}</Typography.Text>
          <DatePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" value={at} onChange={setAt} placeholder={t('tester.now')} style={{ width: '100%' }} data-testid="tester-at" />
        </label>
        <Button type="primary" disabled={!drawId || !customerId} loading={test.isPending} onClick={run} data-testid="tester-run">
          {t('tester.run')}
        </Button>
      </Flex>
      {test.isError ? <Alert type="error" showIcon style={{ marginTop: 16 }} title={errorText(test.error)} data-testid="tester-error" /> : null}
      {result ? (
        <div data-testid="tester-result" data-allowed={result.allowed ? 'true' : 'false'} aria-live="polite">
          <Result
            status={result.allowed ? 'success' : 'warning'}
            title={result.allowed ? t('tester.mayPlay') : t('tester.mayNotPlay')}
            subTitle={
              <span data-testid="tester-turns">
                {t('tester.turnsLeft', { count: result.turnsLeft })}
                {' · '}
                {t('tester.period', { used: result.periodTurns.used, allowed: result.periodTurns.allowed, bonus: result.bonusTurns })}
              </span>
            }
            style={{ padding: '16px 0 0' }}
          />
          {result.reasons.length > 0 ? (
            <ul data-testid="tester-reasons" style={{ paddingLeft: 20, margin: 0 }}>
              {result.reasons.map((r, i) => {
                const name = ruleName(r.ruleId);
                return (
                  <li key={`${r.code}-${i}`} data-code={r.code}>
                    <Typography.Text strong>{t(`reason.${r.code}`)}</Typography.Text>
                    {name ? <Typography.Text type="secondary">{` — ${t('tester.byRule', { name })}`}</Typography.Text> : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
