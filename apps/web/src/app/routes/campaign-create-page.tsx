import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Progress from 'antd/es/progress';
import Select from 'antd/es/select';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { CAMPAIGN_NAME_MAX, CAMPAIGN_NAME_MIN, CAMPAIGN_START_MODES, CAMPAIGN_UPLOAD_MAX_BYTES, type CampaignMapping, type CampaignStartMode, type CampaignTemplate, type CampaignUpload } from '@zc/shared/api/campaigns';
import { downloadRejects, uploadRecipients, useCampaignFormOptions, useCampaignTemplates, useCreateCampaign, useMapUpload } from '../../features/campaigns/api/campaigns';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { formatDateTime, formatMoney, formatThousands } from '../../lib/formatters';
import { PAGES, tenantDetailPageHref, tenantHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';

const MB = 1048576;

/** /tenant/zns-service/campaign/create?name=… (§2.12): template, recipient file (progress), column mapping, counts and cost, report, submit. */
export function CampaignCreatePage() {
  const { can } = usePermissions();
  if (!can('CREATE_CAMPAIGN')) return <ErrorResult status={403} />;
  return <CreateView />;
}

function CreateView() {
  const { t, i18n } = useTranslation('campaigns');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const scope = useScope();
  const tenantId = scope.tenant?.id ?? '';
  const [params] = useSearchParams();
  const name = (params.get('name') ?? '').trim();
  const apiKeyId = params.get('apiKeyId') ?? '';
  const startMode: CampaignStartMode = (CAMPAIGN_START_MODES as readonly string[]).includes(params.get('startMode') ?? '') ? (params.get('startMode') as CampaignStartMode) : 'IMMEDIATE';
  const scheduleAt = startMode === 'SCHEDULE' ? params.get('scheduleAt') : null;
  const mode = params.get('mode') === 'development' ? 'development' : 'production';
  const options = useCampaignFormOptions(tenantId);
  const templates = useCampaignTemplates(tenantId, apiKeyId || null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [upload, setUpload] = useState<CampaignUpload | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [mappingForm] = Form.useForm<{ phone: string } & Record<string, string>>();
  const mapUpload = useMapUpload(tenantId);
  const create = useCreateCampaign(tenantId);
  const template: CampaignTemplate | undefined = templates.data?.find((x) => x.znsTemplateId === templateId);
  const key = options.data?.apiKeys.find((k) => k.id === apiKeyId);
  const listHref = tenantHref(PAGES.znsCampaigns, tenantId);
  const lang = i18n.language.startsWith('en') ? 'en' : 'vi';

  /** A refusal in the user's language: the named §5 rule when there is one, the shortfall of a 402. */
  const describe = (error: unknown): string => {
    if (error instanceof ApiError) {
      const details = error.body?.error.details as { rule?: string; shortfall?: number } | undefined;
      if (error.code === 'CAMPAIGN_INVALID' && details?.rule && i18n.exists(`campaigns:rules.${details.rule}`)) return t(`rules.${details.rule}`);
      if (error.code === 'INSUFFICIENT_BALANCE' && typeof details?.shortfall === 'number') return t('cost.shortfall', { amount: formatMoney(details.shortfall) });
    }
    return errorText(error);
  };

  if (!name || name.length < CAMPAIGN_NAME_MIN || name.length > CAMPAIGN_NAME_MAX || !apiKeyId) {
    return (
      <Alert
        type="warning"
        showIcon
        message={t('createPage.missing')}
        action={
          <Link to={listHref}>
            <Button size="small">{t('createPage.back')}</Button>
          </Link>
        }
      />
    );
  }

  const pickTemplate = (id: string) => {
    setTemplateId(id);
    setUpload(null);
    setFailure(null);
  };

  const onFile = async (file: File) => {
    if (!template) return;
    setFailure(null);
    setUpload(null);
    if (file.size > CAMPAIGN_UPLOAD_MAX_BYTES) {
      setFailure(t('upload.tooLarge', { count: CAMPAIGN_UPLOAD_MAX_BYTES / MB }));
      return;
    }
    setProgress(0);
    try {
      const u = await uploadRecipients(tenantId, { apiKeyId, znsTemplateId: template.znsTemplateId, file }, setProgress);
      setUpload(u);
      mappingForm.setFieldsValue({ phone: u.mapping.phone || undefined, ...u.mapping.params } as Record<string, string>);
    } catch (error) {
      setFailure(describe(error));
    } finally {
      setProgress(null);
    }
  };

  const onMap = async (v: Record<string, string | undefined>) => {
    if (!upload || !template) return;
    const mapping: CampaignMapping = { phone: v.phone ?? '', params: Object.fromEntries(template.params.flatMap((p) => (v[p.name] ? [[p.name, v[p.name] as string]] : []))) };
    setFailure(null);
    try {
      setUpload(await mapUpload.mutateAsync({ id: upload.id, mapping }));
    } catch (error) {
      setFailure(describe(error));
    }
  };

  const submit = async () => {
    if (!upload) return;
    setFailure(null);
    try {
      const c = await create.mutateAsync({ name, apiKeyId, uploadId: upload.id, startMode, scheduleAt, mode });
      void message.success(t('createPage.submitted'));
      void navigate(tenantDetailPageHref(PAGES.znsCampaign, c.id, tenantId));
    } catch (error) {
      setFailure(describe(error));
    }
  };

  const headerOptions = (upload?.header ?? []).map((h) => ({ value: h, label: h }));
  const cost = upload && upload.mapped ? (mode === 'development' ? 0 : upload.estimatedCost) : 0;
  const shortfall = mode === 'development' ? 0 : (upload?.shortfall ?? 0);

  return (
    <>
      <PageHeader title={t('createPage.title')} />
      <Flex vertical gap={16}>
        <Card title={t('createPage.settings')}>
          <Descriptions
            column={{ xs: 1, sm: 2, lg: 3 }}
            size="small"
            items={[
              { key: 'name', label: t('fields.name'), children: <span data-testid="campaign-create-name">{name}</span> },
              { key: 'apiKey', label: t('fields.apiKey'), children: key ? `${key.name} · ${key.zaloOaName}` : '—' },
              { key: 'start', label: t('fields.scheduleAt'), children: scheduleAt ? formatDateTime(scheduleAt) : t('startMode.IMMEDIATE') },
              { key: 'mode', label: t('fields.mode'), children: t(`mode.${mode}`) },
            ]}
          />
        </Card>

        <Card title={t('createPage.template')}>
          <Select
            style={{ width: 420, maxWidth: '100%' }}
            placeholder={t('createPage.selectTemplate')}
            loading={templates.isLoading}
            value={templateId ?? undefined}
            onChange={pickTemplate}
            options={(templates.data ?? []).map((x) => ({ value: x.znsTemplateId, label: `${x.name} (${x.znsTemplateId})` }))}
            notFoundContent={t('createPage.noTemplate')}
            data-testid="campaign-template"
          />
          {templates.error ? <Alert type="error" showIcon style={{ marginTop: 12 }} message={describe(templates.error)} /> : null}
          {template ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('createPage.templateFacts', { price: formatMoney(template.price), params: template.params.map((p) => p.name).join(', ') || '—' })}
            </Typography.Paragraph>
          ) : null}
        </Card>

        {template ? (
          <Card title={t('upload.title')}>
            <div data-testid="campaign-upload">
              <Upload.Dragger
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                multiple={false}
                showUploadList={false}
                disabled={progress !== null}
                beforeUpload={(file) => {
                  void onFile(file);
                  return false;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('upload.drop')}</p>
                <p className="ant-upload-hint">{t('upload.hint', { count: CAMPAIGN_UPLOAD_MAX_BYTES / MB })}</p>
              </Upload.Dragger>
            </div>
            {progress !== null ? <Progress percent={progress} status="active" data-testid="campaign-upload-progress" style={{ marginTop: 12 }} /> : null}
            {upload ? (
              <Form form={mappingForm} layout="vertical" onFinish={(v) => void onMap(v)} style={{ marginTop: 16 }} data-testid="campaign-mapping">
                <Typography.Text strong>{t('mapping.title', { file: upload.fileName })}</Typography.Text>
                <Flex gap={12} wrap style={{ marginTop: 8 }}>
                  <Form.Item name="phone" label={t('mapping.phone')} rules={[{ required: true, message: t('mapping.required') }]} style={{ width: 220, maxWidth: '100%' }}>
                    <Select options={headerOptions} placeholder={t('mapping.column')} data-testid="campaign-map-phone" />
                  </Form.Item>
                  {template.params.map((p) => (
                    <Form.Item key={p.name} name={p.name} label={p.name} rules={p.require && !p.acceptNull ? [{ required: true, message: t('mapping.required') }] : []} style={{ width: 220, maxWidth: '100%' }}>
                      <Select allowClear options={headerOptions} placeholder={t('mapping.column')} data-testid={`campaign-map-${p.name}`} />
                    </Form.Item>
                  ))}
                </Flex>
                <Button htmlType="submit" type={upload.mapped ? 'default' : 'primary'} loading={mapUpload.isPending} data-testid="campaign-map-apply">
                  {upload.mapped ? t('mapping.reapply') : t('mapping.apply')}
                </Button>
              </Form>
            ) : null}
          </Card>
        ) : null}

        {upload?.mapped ? (
          <Card title={t('result.title')} data-testid="campaign-result">
            <Flex gap={24} wrap>
              <Statistic title={t('result.total')} value={formatThousands(upload.totalRows)} />
              <Statistic title={t('result.valid')} value={formatThousands(upload.validRows)} valueStyle={{ color: '#389e0d' }} data-testid="campaign-valid" />
              <Statistic title={t('result.rejected')} value={formatThousands(upload.rejectedRows)} valueStyle={{ color: upload.rejectedRows ? '#cf1322' : undefined }} data-testid="campaign-rejected" />
              <Statistic title={t('result.duplicates')} value={formatThousands(upload.duplicateRows)} data-testid="campaign-duplicates" />
              <Statistic title={t('fields.price')} value={mode === 'development' ? formatMoney(0) : formatMoney(upload.price)} />
              <Statistic title={t('fields.estimatedCost')} value={formatMoney(cost)} data-testid="campaign-estimated-cost" />
            </Flex>
            {upload.price !== upload.listPrice && mode !== 'development' ? <Typography.Paragraph type="secondary">{t('cost.discounted', { list: formatMoney(upload.listPrice), price: formatMoney(upload.price) })}</Typography.Paragraph> : null}
            {upload.error ? <Alert type="warning" showIcon message={upload.error} style={{ marginTop: 12 }} /> : null}
            {shortfall > 0 ? <Alert type="error" showIcon style={{ marginTop: 12 }} message={t('cost.shortfall', { amount: formatMoney(shortfall) })} description={t('cost.balance', { amount: formatMoney(upload.balance) })} data-testid="campaign-shortfall" /> : null}
            {upload.validRows === 0 ? <Alert type="warning" showIcon style={{ marginTop: 12 }} message={t('rules.NO_VALID_ROWS')} /> : null}
            <Flex gap={12} wrap style={{ marginTop: 16 }}>
              {upload.rejectedRows + upload.duplicateRows > 0 ? (
                <Button icon={<DownloadOutlined />} onClick={() => void downloadRejects(tenantId, upload.id, lang).catch((e: unknown) => setFailure(describe(e)))} data-testid="campaign-report">
                  {t('result.report')}
                </Button>
              ) : null}
              <Button type="primary" disabled={upload.validRows === 0 || shortfall > 0} loading={create.isPending} onClick={() => void submit()} data-testid="campaign-submit">
                {t('createPage.submit')}
              </Button>
            </Flex>
          </Card>
        ) : null}

        {failure ? <Alert type="error" showIcon message={failure} data-testid="campaign-error" /> : null}
      </Flex>
    </>
  );
}
