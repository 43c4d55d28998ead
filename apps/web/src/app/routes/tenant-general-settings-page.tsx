import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import { TENANT_INDUSTRIES } from '@zc/shared/api/organisation';
import { LIMITS } from '@zc/shared/limits';
import { useUpdateTenant } from '../../features/organisation/api/update-tenant';
import { ZnsPublicModeItem } from '../../features/campaigns/components/zns-public-mode-item';
import { useUpdateTenantSettings } from '../../features/settings/api/tenant-settings';
import { ImageUploadField } from '../../features/settings/components/image-upload-field';
import { timeZoneOptions, utcOffsetLabel } from '../../features/settings/lib/services';
import { PageHeader } from '../../components/page-header';
import { applyFieldErrors } from '../../lib/form-errors';
import { useErrorText } from '../../lib/error-text';
import { useScope } from '../../lib/scope-context';
import { TenantSettingsTabs } from './tenant-settings-tabs';

type Industry = (typeof TENANT_INDUSTRIES)[number];
interface RegionValues {
  timeZone: string;
  industry: Industry | null;
}

const supportedZones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);

/**
 * /tenant/settings/general (VIEW_TENANT_SERVICES): the tenant's name and avatar, time zone (statements
 * are cut at its month ends), industry (§3) and environment (the ZNS public mode). Changing them needs
 * the organisation's UPDATE_TENANT (tenant.abilities.update); otherwise the page only shows them.
 */
export function GeneralSettingsPage() {
  const { t } = useTranslation('settings');
  const scope = useScope();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const tenant = scope.tenant;
  const merchantId = tenant?.merchantId ?? scope.merchant?.id ?? '';
  const canUpdate = tenant?.abilities.update ?? false;
  const rename = useUpdateTenant();
  const saveRegion = useUpdateTenantSettings(tenant?.id ?? '', merchantId);
  const [nameForm] = Form.useForm<{ name: string }>();
  const [regionForm] = Form.useForm<RegionValues>();
  const zones = useMemo(() => timeZoneOptions(tenant?.timeZone ?? 'Asia/Ho_Chi_Minh', supportedZones()), [tenant?.timeZone]);
  const zoneOptions = useMemo(() => zones.map((z) => ({ value: z, label: `${z} (${utcOffsetLabel(z)})` })), [zones]);

  useEffect(() => {
    if (!tenant) return;
    nameForm.setFieldsValue({ name: tenant.name });
    regionForm.setFieldsValue({ timeZone: tenant.timeZone, industry: tenant.industry });
  }, [tenant, nameForm, regionForm]);

  if (!tenant) return null;

  return (
    <>
      <PageHeader title={t('title.general')} />
      <TenantSettingsTabs active="general" />
      {!canUpdate ? <Alert type="info" showIcon message={t('readOnly')} style={{ marginBottom: 16 }} data-testid="general-read-only" /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('general.profile')} style={{ height: '100%' }} data-testid="general-profile">
            <Form
              form={nameForm}
              layout="vertical"
              disabled={!canUpdate}
              onFinish={async ({ name }) => {
                try {
                  await rename.mutateAsync({ id: tenant.id, merchantId, name });
                  void message.success(t('general.saved'));
                } catch (error) {
                  if (!applyFieldErrors(nameForm, error, ['name'])) void message.error(errorText(error));
                }
              }}
            >
              <Form.Item label={t('general.avatar')}>
                <ImageUploadField
                  src={tenant.avatar}
                  icon={<ShopOutlined />}
                  hint={t('general.avatarHint')}
                  buttonText={t('general.changeAvatar')}
                  testId="tenant-avatar"
                  {...(canUpdate ? { onUpload: (file: File) => rename.mutateAsync({ id: tenant.id, merchantId, file }) } : {})}
                />
              </Form.Item>
              <Form.Item name="name" label={t('general.name')} rules={[{ required: true, whitespace: true, message: t('general.nameRequired') }]}>
                <Input maxLength={LIMITS.tenantNameMax} data-testid="tenant-name-input" />
              </Form.Item>
              {canUpdate ? (
                <Button type="primary" htmlType="submit" loading={rename.isPending} data-testid="tenant-name-save">
                  {t('general.save')}
                </Button>
              ) : null}
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('general.region')} style={{ height: '100%' }} data-testid="general-region">
            <Form
              form={regionForm}
              layout="vertical"
              disabled={!canUpdate}
              onFinish={async (values) => {
                try {
                  await saveRegion.mutateAsync({ timeZone: values.timeZone, industry: values.industry ?? null });
                  void message.success(t('general.saved'));
                } catch (error) {
                  if (!applyFieldErrors(regionForm, error, ['timeZone', 'industry'])) void message.error(errorText(error));
                }
              }}
            >
              <Form.Item name="timeZone" label={t('general.timeZone')} extra={t('general.timeZoneHelp')} rules={[{ required: true }]}>
                <Select showSearch options={zoneOptions} optionFilterProp="label" data-testid="tenant-timezone" />
              </Form.Item>
              <Form.Item name="industry" label={t('general.industry')}>
                <Select<Industry | null>
                  allowClear
                  placeholder={t('general.industryNone')}
                  options={TENANT_INDUSTRIES.map((i) => ({ value: i, label: t(`general.industries.${i}`) }))}
                  data-testid="tenant-industry"
                />
              </Form.Item>
              {canUpdate ? (
                <Button type="primary" htmlType="submit" loading={saveRegion.isPending} data-testid="tenant-region-save">
                  {t('general.save')}
                </Button>
              ) : null}
            </Form>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('general.environment')} data-testid="general-environment">
            <Typography.Paragraph type="secondary">{t('general.environmentHelp')}</Typography.Paragraph>
            {tenant.znsService && merchantId ? <ZnsPublicModeItem tenant={{ merchantId, tenantId: tenant.id }} /> : <Typography.Text>{t('general.environmentZnsOff')}</Typography.Text>}
          </Card>
        </Col>
      </Row>
    </>
  );
}
