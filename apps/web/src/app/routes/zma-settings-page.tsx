import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import { ZMA_SETTINGS_DEFAULTS, type ZmaSettings } from '@zc/shared/api/zma-apps';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../lib/error-text';
import { applyFieldErrors } from '../../lib/form-errors';
import { useZmaPermissions, useZmaScope } from '../../lib/zma-scope';
import { useSaveZmaSettings, useZmaSettings } from '../../features/mini-apps/api/settings';

const FIELDS = ['primaryColor', 'welcomeText', 'codeValidityDays', 'lowStockThreshold', 'requirePhoneToPlay', 'followOaPrompt'] as const;

/** `/tenant/mini-app/:id/settings` (issue 14): the ZmaSettings of this app; read-only without UPDATE_ZMA_SETTING. */
export function MiniAppSettingsPage() {
  const { t } = useTranslation('mini-apps');
  const { zmaAppId } = useZmaScope();
  const { can } = useZmaPermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const settings = useZmaSettings(zmaAppId);
  const save = useSaveZmaSettings(zmaAppId);
  const [form] = Form.useForm<ZmaSettings>();
  const editable = can('UPDATE_ZMA_SETTING');

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  return (
    <>
      <PageHeader title={t('settings.title')} />
      <Card style={{ maxWidth: 640 }}>
        {settings.isPending ? (
          <Skeleton active />
        ) : settings.isError ? (
          <Alert
            type="error"
            showIcon
            title={errorText(settings.error)}
            action={
              <Button size="small" onClick={() => void settings.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : (
          <>
            {editable ? null : <Alert type="info" showIcon title={t('settings.readOnly')} style={{ marginBottom: 16 }} />}
            <Form<ZmaSettings>
              form={form}
              layout="vertical"
              disabled={!editable}
              initialValues={{ ...ZMA_SETTINGS_DEFAULTS, ...settings.data }}
              onFinish={(values) =>
                save.mutate(values, {
                  onSuccess: () => void message.success(t('common.saved')),
                  onError: (error) => {
                    if (!applyFieldErrors(form, error, FIELDS)) void message.error(errorText(error));
                  },
                })
              }
              data-testid="zma-settings-form"
            >
              <Form.Item name="primaryColor" label={t('settings.primaryColor')} rules={[{ required: true, pattern: /^#[0-9a-fA-F]{6}$/, message: t('settings.primaryColorInvalid') }]}>
                <Input type="color" style={{ width: 80, padding: 2 }} />
              </Form.Item>
              <Form.Item name="welcomeText" label={t('settings.welcomeText')} rules={[{ max: 200 }]}>
                <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
              </Form.Item>
              <Form.Item name="codeValidityDays" label={t('settings.codeValidityDays')} rules={[{ required: true, type: 'integer', min: 1, max: 365 }]}>
                <InputNumber min={1} max={365} precision={0} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="lowStockThreshold" label={t('settings.lowStockThreshold')} rules={[{ required: true, type: 'integer', min: 0, max: 100000 }]}>
                <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="requirePhoneToPlay" label={t('settings.requirePhoneToPlay')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="followOaPrompt" label={t('settings.followOaPrompt')} valuePropName="checked">
                <Switch />
              </Form.Item>
              {editable ? (
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="zma-settings-save">
                  {t('common.save')}
                </Button>
              ) : null}
            </Form>
          </>
        )}
      </Card>
    </>
  );
}
