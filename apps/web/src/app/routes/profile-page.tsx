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
import Tag from 'antd/es/tag';
import Avatar from 'antd/es/avatar';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LIMITS } from '@zc/shared/limits';
import { ROLE_COLORS } from '@zc/shared/permissions';
import type { Merchant } from '@zc/shared/api/organisation';
import { getMerchantsQueryOptions, useMerchants } from '../../features/organisation/api/get-merchants';
import { useLeaveOrganisation } from '../../features/users/api/leave-organisation';
import { MyInvitations } from '../../features/invitations/components/my-invitations';
import { NotificationPreferencesCard } from '../../features/notifications/components/notification-preferences';
import { useLogout } from '../../lib/logout';
import { readSession, writeSession } from '../../lib/session';
import { useProfile } from '../../features/auth/api/get-profile';
import { useUpdateProfile } from '../../features/auth/api/update-profile';
import { useChangePassword } from '../../features/auth/api/change-password';
import { PageHeader } from '../../components/page-header';
import { applyFieldErrors } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/formatters';
import { useErrorText } from '../../lib/error-text';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * /profile: display name (non-empty after trimming), change password, the invitations waiting for
 * an answer and the organisations one belongs to (with "Leave organisation").
 */
export function ProfilePage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const profile = useProfile();
  const updateProfile = useUpdateProfile();
  const changePassword = useChangePassword();
  const [nameForm] = Form.useForm<{ displayName: string }>();
  const [passwordForm] = Form.useForm<PasswordForm>();
  const queryClient = useQueryClient();

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
        <Col xs={24} lg={12}>
          <Card title={t('users:mine.title')} data-testid="profile-invitations">
            <MyInvitations
              onAccepted={(accepted) => {
                void queryClient.invalidateQueries({ queryKey: getMerchantsQueryOptions().queryKey });
                void message.success(t('users:mine.accepted', { name: accepted.merchantName }));
              }}
              onDeclined={() => void message.success(t('users:mine.declined'))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <MyOrganisations />
        </Col>
        <Col xs={24} lg={12}>
          <NotificationPreferencesCard />
        </Col>
      </Row>
    </>
  );
}

/** The caller's organisations with their role; leaving asks for confirmation (a modal: focus on OK, Escape cancels). */
function MyOrganisations() {
  const { t } = useTranslation('users');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const merchants = useMerchants();
  const leave = useLeaveOrganisation();
  const logout = useLogout();
  const current = readSession('merchantId');

  const afterLeaving = async (left: Merchant) => {
    void message.success(t('leave.done', { name: left.name }));
    const remaining = (await queryClient.fetchQuery({ ...getMerchantsQueryOptions(), staleTime: 0 })).filter((m) => m.id !== left.id);
    if (remaining.length === 0) {
      // Nothing left to open: sign out (the next sign-in answers "No merchants assigned").
      logout.mutate(undefined, { onSettled: () => void navigate('/login-failed', { replace: true }) });
      return;
    }
    if (left.id !== current) return;
    const next = remaining[0];
    writeSession({ merchantId: next?.id ?? null, tenantId: next?.tenants[0]?.id ?? null, oaId: null });
    void navigate('/dashboard', { replace: true });
  };

  const confirmLeave = (merchant: Merchant) => {
    modal.confirm({
      title: t('leave.confirmTitle', { name: merchant.name }),
      content: t('leave.confirmText'),
      okText: t('leave.button'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await leave.mutateAsync({ merchantId: merchant.id });
          await afterLeaving(merchant);
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });
  };

  return (
    <Card title={t('leave.title')} loading={merchants.isPending} data-testid="profile-organisations">
      {merchants.data?.length === 0 ? <p style={{ color: 'rgba(0,0,0,0.45)', margin: 0 }}>{t('leave.none')}</p> : null}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {(merchants.data ?? []).map((m) => (
          <div key={m.id} style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }} data-testid="profile-organisation">
            <Avatar shape="square" src={m.logo ?? m.avatar ?? undefined} icon={<TeamOutlined />} />
            <div style={{ flex: '1 1 160px', minWidth: 0 }}>
              <div style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{m.name}</div>
              <div style={{ display: 'flex', gap: 4, marginTop: 2 }}>
                <Tag color={ROLE_COLORS[m.role]}>{t(`roles.${m.role}`)}</Tag>
                {m.id === current ? <Tag>{t('leave.current')}</Tag> : null}
              </div>
            </div>
            <Button danger icon={<LogoutOutlined />} onClick={() => confirmLeave(m)} data-testid="leave-organisation">
              {t('leave.button')}
            </Button>
          </div>
        ))}
      </div>
    </Card>
  );
}
