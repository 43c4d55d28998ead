import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import Input from 'antd/es/input';
import DatePicker from 'antd/es/date-picker';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Flex from 'antd/es/flex';
import Alert from 'antd/es/alert';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import type { TableProps } from 'antd/es/table';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import type { Dayjs } from 'dayjs';
import type { AuditAction, AuditEntry } from '@zc/shared/api/audit';
import { useAuditLog } from '../api/get-audit-log';
import { useActionEnums } from '../api/get-action-enums';
import { useVerifyAuditChain, type AuditVerifyResult } from '../api/verify-audit-chain';
import { DataTable } from '../../../components/data-table';
import { IdShortener } from '../../../components/id-shortener';
import { formatDateTime } from '../../../lib/formatters';

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <div>
      <div style={{ fontWeight: 500, marginBottom: 4 }}>{title}</div>
      <pre className="zc-json">{value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}</pre>
    </div>
  );
}

/** Audit entries with action / actor / date filters and an expandable before-after view. */
export function AuditLogView({
  level,
  merchantId,
  tenantId,
  canVerify,
  errorText,
}: {
  level: 'merchant' | 'tenant';
  merchantId: string | null;
  tenantId: string | null;
  canVerify: boolean;
  errorText: (error: unknown) => string;
}) {
  const { t, i18n } = useTranslation('audit');
  const [action, setAction] = useState<AuditAction | undefined>();
  const [actorEmail, setActorEmail] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [verified, setVerified] = useState<AuditVerifyResult | null>(null);
  const actions = useActionEnums();
  const verify = useVerifyAuditChain();
  const log = useAuditLog(
    { level, merchantId, tenantId },
    {
      action,
      actorEmail,
      from: range ? range[0].startOf('day').toISOString() : undefined,
      to: range ? range[1].endOf('day').toISOString() : undefined,
    },
  );

  // Every catalogued action and target type has a label (locales test); a code still shows for
  // an entry written by a newer server than this bundle.
  const actionLabel = (value: string) => (i18n.exists(`audit:actions.${value}`) ? t(`actions.${value}`) : value);
  const targetLabel = (value: string) => (i18n.exists(`audit:targetTypes.${value}`) ? t(`targetTypes.${value}`) : value);
  const columns: TableProps<AuditEntry>['columns'] = [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('columns.time'), render: (v: string) => formatDateTime(v), width: 180 },
    {
      key: 'actor',
      title: t('columns.actor'),
      render: (_, e) => (e.actor ? <span title={e.actor.email}>{e.actor.displayName || e.actor.email}</span> : <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('system')}</span>),
    },
    { key: 'action', title: t('columns.action'), render: (_, e) => <Tag color="geekblue">{actionLabel(e.action)}</Tag> },
    {
      key: 'target',
      title: t('columns.target'),
      render: (_, e) =>
        e.targetType ? (
          <span>
            {targetLabel(e.targetType)} {e.targetId ? <IdShortener value={e.targetId} /> : null}
          </span>
        ) : (
          '—'
        ),
    },
    ...(level === 'merchant' ? [{ key: 'tenant', title: t('columns.tenant'), render: (_: unknown, e: AuditEntry) => e.tenantName ?? '—' }] : []),
    { key: 'ip', dataIndex: 'ip', title: t('columns.ip'), render: (v: string | null) => v ?? '—' },
  ];

  return (
    <Card>
      <Flex gap={12} wrap style={{ marginBottom: 16 }} align="center">
        <Select
          allowClear
          showSearch
          aria-label={t('filters.action')}
          placeholder={t('filters.action')}
          style={{ width: 240 }}
          loading={actions.isPending}
          value={action}
          options={(actions.data ?? []).map((a) => ({ value: a, label: actionLabel(a) }))}
          optionFilterProp="label"
          onChange={(value: AuditAction | undefined) => setAction(value)}
          data-testid="audit-action-filter"
        />
        <Input.Search
          allowClear
          aria-label={t('filters.actor')}
          placeholder={t('filters.actor')}
          style={{ width: 240 }}
          onSearch={(value) => setActorEmail(value.trim() || undefined)}
        />
        <DatePicker.RangePicker
          aria-label={t('filters.range')}
          value={range}
          onChange={(value) => setRange(value && value[0] && value[1] ? [value[0], value[1]] : null)}
        />
        {canVerify && merchantId ? (
          <Button
            icon={<SafetyCertificateOutlined />}
            loading={verify.isPending}
            onClick={() => verify.mutate(merchantId, { onSuccess: setVerified })}
            data-testid="audit-verify"
          >
            {t('verify.button')}
          </Button>
        ) : null}
      </Flex>
      {verified ? (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          closable
          onClose={() => setVerified(null)}
          type={verified.ok ? 'success' : 'error'}
          title={verified.ok ? t('verify.ok', { count: verified.checked }) : t('verify.broken', { seq: verified.brokenAtSeq ?? '?' })}
          data-testid="audit-verify-result"
        />
      ) : null}
      {verify.isError ? <Alert style={{ marginBottom: 16 }} type="error" showIcon title={errorText(verify.error)} /> : null}
      {log.query.isError ? (
        <Alert type="error" showIcon title={errorText(log.query.error)} />
      ) : (
        <DataTable<AuditEntry>
          rowKey="id"
          columns={columns}
          dataSource={log.rows}
          loading={log.query.isFetching}
          data-testid="audit-table"
          expandable={{
            expandRowByClick: true,
            expandedRowRender: (e) => (
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <JsonBlock title={t('before')} value={e.before} />
                </Col>
                <Col xs={24} md={12}>
                  <JsonBlock title={t('after')} value={e.after} />
                </Col>
                <Col span={24} style={{ marginTop: 8, color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
                  {t('seq')}: {e.seq} · {t('requestId')}: {e.requestId ?? '—'}
                </Col>
              </Row>
            ),
          }}
          paging={log.paging}
        />
      )}
    </Card>
  );
}
