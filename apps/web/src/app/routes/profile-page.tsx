import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import App from 'antd/es/app';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import { LIMITS } from '@zc/shared/limits';
import { useProfile } from '../../features/auth/api/get-profile';
import { useUpdateProfile } from '../../features/auth/api/update-profile';
import { useChangePassword } from '../../features/auth/api/change-password';
import { PageHeader } from '../../components/page-header';
import { applyFieldErrors } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/formatters';
import { useErrorText } from '../error-text';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** /profile: display name (non-empty after trimming) and change password. */
export function ProfilePage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const profile = useProfile();
  const updateProfile = useUpdateProfile();
  const changePassword = useChangePassword();
  const [nameForm] = Form.useForm<{ displayName: string }>();
  const [passwordForm] = Form.useForm<PasswordForm>();

  useEffect(() => {
    if (profile.data) nameForm.setFieldsValue({ displayName: profile.data.displayName });
  }, [profile.data, nameForm]);

  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('profile.info')} loading={profile.isPending}>
            <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('fields.email')}>{profile.data?.email}</Descriptions.Item>
              <Descriptions.Item label={t('profile.memberSince')}>{formatDateTime(profile.data?.createdAt)}</Descriptions.Item>
            </Descriptions>
            <Form
              form={nameForm}
              layout="vertical"
              disabled={updateProfile.isPending}
              onFinish={async ({ displayName }) => {
                try {
                  await updateProfile.mutateAsync({ displayName: displayName.trim() });
                  void message.success(t('profile.saved'));
                } catch (error) {
                  if (!applyFieldErrors(nameForm, error, ['displayName'])) void message.error(errorText(error));
                }
              }}
            >
              <Form.Item
                name="displayName"
                label={t('fields.displayName')}
                rules={[
                  {
                    validator: async (_, value: string | undefined) => {
                      if (!value?.trim()) throw new Error(t('validation.displayNameRequired'));
                    },
                  },
                ]}
              >
                <Input maxLength={LIMITS.displayNameMax} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={updateProfile.isPending}>
                {t('common:save')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('profile.changePassword')}>
            <Form
              form={passwordForm}
              layout="vertical"
              disabled={changePassword.isPending}
              onFinish={async ({ currentPassword, newPassword }) => {
                try {
                  await changePassword.mutateAsync({ currentPassword, newPassword });
                  passwordForm.resetFields();
                  void message.success(t('profile.passwordChanged'));
                } catch (error) {
                  if (!applyFieldErrors(passwordForm, error, ['currentPassword', 'newPassword'])) void message.error(errorText(error));
                }
              }}
            >
              <Form.Item name="currentPassword" label={t('fields.currentPassword')} rules={[{ required: true, message: t('validation.passwordRequired') }]}>
                <Input.Password autoComplete="current-password" maxLength={LIMITS.passwordMax} />
              </Form.Item>
              <Form.Item
                name="newPassword"
                label={t('fields.newPassword')}
                rules={[
                  { required: true, message: t('validation.passwordRequired') },
                  { min: LIMITS.passwordMin, message: t('validation.passwordMin', { count: LIMITS.passwordMin }) },
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMax} />
              </Form.Item>
              <Form.Item
                name="confirm"
                label={t('fields.confirmPassword')}
                dependencies={['newPassword']}
                rules={[
                  { required: true, message: t('validation.confirmRequired') },
                  ({ getFieldValue }) => ({
                    validator: (_, value: string | undefined) =>
                      !value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error(t('validation.confirmMismatch'))),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMax} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
                {t('profile.changePassword')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </>
  );
}
