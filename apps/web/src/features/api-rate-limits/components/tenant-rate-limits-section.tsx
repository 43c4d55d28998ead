import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { TableProps } from 'antd/es/table';
import { API_RATE_BOUNDS, type ApiRateLimitValues, type TenantApiRateLimits } from '@zc/shared/api/api-rate-limits';
import { ApiError } from '../../../lib/api-client';
import { fieldIssueText } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { formatDateTime, formatThousands } from '../../../lib/formatters';
import { isForbiddenError, PermissionAlert } from '../../../components/permission-alert';
import { useTenantRateLimits, useUpdateTenantRateLimits, type TenantRef } from '../api/tenant-rate-limits';

type Field = keyof ApiRateLimitValues;
const FIELDS: readonly Field[] = ['keyPerSecond', 'tenantPerSecond', 'burstSeconds'];
type Values = Record<Field, number | null>;

function bounds(field: Field) {
  return field === 'burstSeconds' ? API_RATE_BOUNDS.burstSeconds : API_RATE_BOUNDS.perSecond;
}

const number = (n: number) => formatThousands(n);

/** The effective limits next to the defaults, one row per limit. */
function LimitsTable({ limits }: { limits: TenantApiRateLimits }) {
  const { t } = useTranslation('api-rate-limits');
  const columns: TableProps<{ field: Field }>['columns'] = [
    { key: 'limit', title: t('columns.limit'), render: (_, r) => t(`fields.${r.field}`) },
    {
      key: 'effective',
      title: t('columns.effective'),
      render: (_, r) => (
        <Space wrap size={4}>
          <Typography.Text strong data-testid={`rate-limits-effective-${r.field}`}>
            {t(`units.${r.field}`, { value: number(limits.effective[r.field]) })}
          </Typography.Text>
          {limits.override[r.field] === null ? <Tag>{t('source.default')}</Tag> : <Tag color="blue">{t('source.custom')}</Tag>}
        </Space>
      ),
    },
    { key: 'default', title: t('columns.default'), responsive: ['sm'], render: (_, r) => t(`units.${r.field}`, { value: number(limits.defaults[r.field]) }) },
  ];
  return <Table rowKey="field" size="small" pagination={false} columns={columns} dataSource={FIELDS.map((field) => ({ field }))} />;
}

function LimitsForm({ limits, tenant }: { limits: TenantApiRateLimits; tenant: TenantRef }) {
  const { t } = useTranslation('api-rate-limits');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const update = useUpdateTenantRateLimits(tenant);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    form.setFieldsValue(limits.override);
  }, [limits, form]);

  const save = async (values: Values) => {
    setFailure(null);
    try {
      await update.mutateAsync({ keyPerSecond: values.keyPerSecond ?? null, tenantPerSecond: values.tenantPerSecond ?? null, burstSeconds: values.burstSeconds ?? null });
      void message.success(t('saved'));
    } catch (error) {
      const issues = error instanceof ApiError ? error.fields.filter((f) => FIELDS.includes(f.path.replace(/^body\./, '') as Field)) : [];
      if (issues.length > 0) {
        form.setFields(issues.map((f) => ({ name: f.path.replace(/^body\./, '') as Field, errors: [fieldIssueText(f)] })));
        return;
      }
      setFailure(errorText(error));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={save} data-testid="rate-limits-form" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('formHelp')}</Typography.Paragraph>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={16}>
        {FIELDS.map((field) => {
          const b = bounds(field);
          return (
            <Col xs={24} md={8} key={field}>
              <Form.Item
                name={field}
                label={t(`fields.${field}`)}
                extra={t('defaultIs', { value: t(`units.${field}`, { value: number(limits.defaults[field]) }) })}
                rules={[
                  { type: 'integer', message: t('validation.integer') },
                  { type: 'number', min: b.min, max: b.max, message: t('validation.range', { min: number(b.min), max: number(b.max) }) },
                ]}
              >
                <InputNumber<number>
                  style={{ width: '100%' }}
                  placeholder={t('placeholder', { value: number(limits.defaults[field]) })}
                  suffix={t(`suffix.${field}`)}
                  data-testid={`rate-limits-${field}`}
                />
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="rate-limits-save">
          {t('save')}
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue({ keyPerSecond: null, tenantPerSecond: null, burstSeconds: null });
            form.submit();
          }}
          disabled={update.isPending || FIELDS.every((f) => limits.override[f] === null)}
          data-testid="rate-limits-reset"
        >
          {t('reset')}
        </Button>
      </Space>
    </Form>
  );
}

/**
 * The tenant's public API rate limits (issue 17 #4) in the organisation's tenant detail: the limits
 * in force against the defaults, and — with UPDATE_TENANT (the server's abilities.update) — a form
 * to set the tenant's own; an empty field means the default.
 */
export function TenantRateLimitsSection({ tenant }: { tenant: TenantRef }) {
  const { t } = useTranslation('api-rate-limits');
  const errorText = useErrorText();
  const limits = useTenantRateLimits(tenant);
  const data = limits.data;
  return (
    <Card title={t('title')} data-testid="tenant-detail-rate-limits" loading={limits.isPending}>
      {limits.isError ? (
        isForbiddenError(limits.error) ? (
          <PermissionAlert what={t('what')} testId="tenant-detail-rate-limits-denied" compact />
        ) : (
          <Alert type="error" showIcon title={errorText(limits.error)} />
        )
      ) : data ? (
        <>
          <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
          <LimitsTable limits={data} />
          {data.updatedAt ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('updatedAt', { when: formatDateTime(data.updatedAt) })}
            </Typography.Paragraph>
          ) : null}
          {data.abilities.update ? <LimitsForm limits={data} tenant={tenant} /> : null}
        </>
      ) : null}
    </Card>
  );
}
