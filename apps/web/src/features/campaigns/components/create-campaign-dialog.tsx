import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import Alert from 'antd/es/alert';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { CAMPAIGN_NAME_MAX, CAMPAIGN_NAME_MIN, type CampaignStartMode } from '@zc/shared/api/campaigns';
import { useCampaignFormOptions } from '../api/campaigns';
import { useErrorText } from '../../../lib/error-text';

interface FormValues {
  name: string;
  apiKeyId?: string;
  startMode: CampaignStartMode;
  scheduleAt?: Dayjs | null;
  mode: 'production' | 'development';
}

/** §5: the schedule picker disables past dates. */
export function pastDate(d: Dayjs): boolean {
  return d.isBefore(dayjs(), 'day');
}

/** The default name: a prefix plus the current date (§5). */
export function defaultCampaignName(prefix: string, now = dayjs()): string {
  return `${prefix} ${now.format('DD/MM/YYYY HH:mm')}`;
}

/** Where the dialog sends the user: the creation route with its choices as query (the name first). */
export function createRouteQuery(v: { name: string; apiKeyId: string; startMode: CampaignStartMode; scheduleAt: string | null; mode: string }): string {
  const q = new URLSearchParams({ name: v.name, apiKeyId: v.apiKeyId, startMode: v.startMode, mode: v.mode });
  if (v.scheduleAt) q.set('scheduleAt', v.scheduleAt);
  return q.toString();
}

/** §2.12 creation dialog: name, API key, start mode and schedule, mode; then the creation route. */
export function CreateCampaignDialog({ open, tenantId, createPath, onClose }: { open: boolean; tenantId: string; createPath: string; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const options = useCampaignFormOptions(tenantId, open);
  const startMode = Form.useWatch('startMode', form);
  const production = options.data?.publicMode === 'production';

  const onFinish = (v: FormValues) => {
    const query = createRouteQuery({ name: v.name.trim(), apiKeyId: v.apiKeyId ?? '', startMode: v.startMode, scheduleAt: v.startMode === 'SCHEDULE' && v.scheduleAt ? v.scheduleAt.toISOString() : null, mode: v.mode });
    form.resetFields();
    onClose();
    void navigate(`${createPath}${createPath.includes('?') ? '&' : '?'}${query}`);
  };

  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('create.next')}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'campaign-dialog-ok' } as Record<string, string>}
    >
      {options.error ? <Alert type="error" showIcon message={errorText(options.error)} style={{ marginBottom: 12 }} /> : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ name: defaultCampaignName(t('create.defaultPrefix')), startMode: 'IMMEDIATE', mode: 'production' }}
        data-testid="campaign-dialog"
      >
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[
            { required: true, whitespace: true, message: t('create.nameRequired') },
            { min: CAMPAIGN_NAME_MIN, max: CAMPAIGN_NAME_MAX, message: t('create.nameLength', { min: CAMPAIGN_NAME_MIN, max: CAMPAIGN_NAME_MAX }) },
          ]}
        >
          <Input maxLength={CAMPAIGN_NAME_MAX} data-testid="campaign-name" />
        </Form.Item>
        <Form.Item name="apiKeyId" label={t('fields.apiKey')} rules={[{ required: true, message: t('create.selectApiKey') }]}>
          <Select
            placeholder={t('create.selectApiKey')}
            loading={options.isLoading}
            options={(options.data?.apiKeys ?? []).map((k) => ({ value: k.id, label: `${k.name} · ${k.zaloOaName}` }))}
            notFoundContent={t('create.noApiKey')}
            data-testid="campaign-api-key"
          />
        </Form.Item>
        <Form.Item name="startMode" label={t('fields.startMode')}>
          <Radio.Group
            options={[
              { value: 'IMMEDIATE', label: t('startMode.IMMEDIATE') },
              { value: 'SCHEDULE', label: t('startMode.SCHEDULE') },
            ]}
            data-testid="campaign-start-mode"
          />
        </Form.Item>
        {startMode === 'SCHEDULE' ? (
          <Form.Item
            name="scheduleAt"
            label={t('fields.scheduleAt')}
            rules={[
              { required: true, message: t('create.scheduleRequired') },
              { validator: (_, v: Dayjs | null | undefined) => (v && v.isBefore(dayjs()) ? Promise.reject(new Error(t('create.schedulePast'))) : Promise.resolve()) },
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" disabledDate={pastDate} style={{ width: '100%' }} data-testid="campaign-schedule" />
          </Form.Item>
        ) : null}
        <Form.Item name="mode" label={t('fields.mode')} extra={production ? null : t('create.productionLocked')}>
          <Radio.Group
            options={[
              { value: 'development', label: t('mode.development') },
              { value: 'production', label: t('mode.production'), disabled: !production },
            ]}
            data-testid="campaign-mode"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
