import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import BankOutlined from '@ant-design/icons/BankOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import type { Merchant } from '@zc/shared/api/organisation';
import { LIMITS } from '@zc/shared/limits';
import { useRenameOrganisation, useUploadOrganisationImage } from '../../features/settings/api/organisation';
import { ImageUploadField } from '../../features/settings/components/image-upload-field';
import { PageHeader } from '../../components/page-header';
import { applyFieldErrors } from '../../lib/form-errors';
import { useErrorText } from '../../lib/error-text';
import { usePermissions, useScope } from '../../lib/scope-context';

const ServicePackagesCard = lazy(() => import('../../features/service-packages/components/service-packages-card').then((m) => ({ default: m.ServicePackagesCard })));

const TABS = ['general', 'packageManage'] as const;
type OrganisationTab = (typeof TABS)[number];

/** The organisation's name, logo (sidebar) and avatar; changed by whoever holds UPDATE_MERCHANT. */
function OrganisationGeneral({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { can } = usePermissions();
  const canEdit = can('UPDATE_MERCHANT');
  const rename = useRenameOrganisation(merchant.id);
  const upload = useUploadOrganisationImage(merchant.id);
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => form.setFieldsValue({ name: merchant.name }), [form, merchant.name]);
  return (
    <>
      {!canEdit ? <Alert type="info" showIcon message={t('organisation.readOnly')} style={{ marginBottom: 16 }} data-testid="organisation-read-only" /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('organisation.name')} style={{ height: '100%' }}>
            <Form
              form={form}
              layout="vertical"
              disabled={!canEdit}
              onFinish={async ({ name }) => {
                try {
                  await rename.mutateAsync(name);
                  void message.success(t('general.saved'));
                } catch (error) {
                  if (!applyFieldErrors(form, error, ['name'])) void message.error(errorText(error));
                }
              }}
            >
              <Form.Item name="name" label={t('organisation.name')} rules={[{ required: true, whitespace: true, message: t('organisation.nameRequired') }]}>
                <Input maxLength={LIMITS.merchantNameMax} data-testid="organisation-name-input" />
              </Form.Item>
              {canEdit ? (
                <Button type="primary" htmlType="submit" loading={rename.isPending} data-testid="organisation-name-save">
                  {t('general.save')}
                </Button>
              ) : null}
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={`${t('organisation.logo')} · ${t('organisation.avatar')}`} style={{ height: '100%' }}>
            <Form layout="vertical">
              <Form.Item label={t('organisation.logo')}>
                <ImageUploadField
                  src={merchant.logo}
                  icon={<PictureOutlined />}
                  hint={t('organisation.logoHint')}
                  buttonText={t('organisation.upload')}
                  testId="organisation-logo"
                  {...(canEdit ? { onUpload: (file: File) => upload.mutateAsync({ kind: 'logo', file }) } : {})}
                />
              </Form.Item>
              <Form.Item label={t('organisation.avatar')} style={{ marginBottom: 0 }}>
                <ImageUploadField
                  src={merchant.avatar}
                  icon={<BankOutlined />}
                  hint={t('organisation.avatarHint')}
                  buttonText={t('organisation.upload')}
                  testId="organisation-avatar"
                  {...(canEdit ? { onUpload: (file: File) => upload.mutateAsync({ kind: 'avatar', file }) } : {})}
                />
              </Form.Item>
            </Form>
          </Card>
        </Col>
      </Row>
    </>
  );
}

/**
 * /dashboard/settings and /settings (UPDATE_MERCHANT or VIEW_TENANT): the organisation's settings tabs
 * (§3) — general (name, logo, avatar) and packageManage (the service packages sold to its tenants).
 * facebookSetting is absent: no behaviour is given to it. The tab is kept in `?tab=`.
 */
export function OrganisationSettingsPage() {
  const { t } = useTranslation('settings');
  const scope = useScope();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: OrganisationTab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as OrganisationTab) : 'general';
  const merchant = scope.merchant;
  if (!merchant) return null;
  return (
    <>
      <PageHeader title={t('title.organisation')} />
      <Tabs
        activeKey={active}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('tab', key);
          setParams(next, { replace: true });
        }}
        data-testid="organisation-settings-tabs"
        items={[
          { key: 'general', label: <span data-testid="organisation-tab-general">{t('organisation.tabs.general')}</span>, children: <OrganisationGeneral merchant={merchant} /> },
          {
            key: 'packageManage',
            label: <span data-testid="organisation-tab-packageManage">{t('organisation.tabs.packageManage')}</span>,
            children: (
              <Suspense fallback={<Spin />}>
                <ServicePackagesCard />
              </Suspense>
            ),
          },
        ]}
      />
    </>
  );
}
