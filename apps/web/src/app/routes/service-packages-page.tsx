import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import Tag from 'antd/es/tag';
import type { TenantPackage } from '@zc/shared/api/service-packages';
import { useLivePackages, useTenantPackage } from '../../features/service-packages/api/service-packages';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatDate } from '../../lib/formatters';
import { formatVnd } from '../../lib/number-format';
import { useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { TenantSettingsTabs } from './tenant-settings-tabs';

type PriceKind = keyof TenantPackage['prices'];
const KINDS: readonly PriceKind[] = ['zns', 'oaCs', 'oaTransaction', 'oaPromotion'];

/**
 * /tenant/settings/package (VIEW_TENANT_SERVICES): the service package the organisation put the
 * tenant on and the list price of each message kind it pays before its discounts (ADR 0025).
 */
export function TenantPackagePage() {
  const { t } = useTranslation('packages');
  const scope = useScope();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const pkg = useTenantPackage(tenantId);
  useLivePackages();
  const data = pkg.data;

  return (
    <>
      <PageHeader title={t('tenantTitle')} />
      <TenantSettingsTabs active="packageManage" />
      {pkg.isError ? (
        <ErrorResult status={500} message={errorText(pkg.error)} />
      ) : (
        <Card loading={pkg.isLoading} data-testid="tenant-package">
          <Typography.Paragraph type="secondary">{t('tenantIntro')}</Typography.Paragraph>
          {data ? (
            <>
              {data.package ? (
                <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
                  <Descriptions.Item label={t('packageName')}>
                    <Tag color="blue" data-testid="tenant-package-name">
                      {data.package.name}
                    </Tag>
                  </Descriptions.Item>
                  {data.package.description ? <Descriptions.Item label={t('fields.description')}>{data.package.description}</Descriptions.Item> : null}
                  <Descriptions.Item label={t('assignedAt')}>{formatDate(data.package.assignedAt)}</Descriptions.Item>
                </Descriptions>
              ) : (
                <Typography.Paragraph data-testid="tenant-package-none">
                  <Tag>{t('noPackage')}</Tag>
                </Typography.Paragraph>
              )}
              <Typography.Title level={5}>{t('priceTitle')}</Typography.Title>
              <Table<{ kind: PriceKind; price: number | null }>
                size="small"
                rowKey="kind"
                pagination={false}
                style={{ maxWidth: 520 }}
                dataSource={KINDS.map((kind) => ({ kind, price: data.prices[kind] }))}
                columns={[
                  { key: 'kind', title: t('kind'), render: (_, r) => t(`columns.${r.kind}`) },
                  { key: 'price', title: t('price'), align: 'right', render: (_, r) => <span data-testid={`tenant-price-${r.kind}`}>{r.price === null ? t('templatePrice') : formatVnd(r.price)}</span> },
                ]}
              />
              <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                {data.discountPercent > 0 ? t('discountNote', { percent: data.discountPercent }) : t('noDiscountNote')}
              </Typography.Paragraph>
            </>
          ) : null}
        </Card>
      )}
    </>
  );
}
