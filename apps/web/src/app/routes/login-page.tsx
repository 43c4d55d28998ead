import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Alert from 'antd/es/alert';
import MailOutlined from '@ant-design/icons/MailOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { LIMITS } from '@zc/shared/limits';
import { useLogin, type LoginInput } from '../../features/auth/api/login';
import { AuthLayout } from '../../components/auth-layout';
import { ApiError } from '../../lib/api-client';
import { applyFieldErrors } from '../../lib/form-errors';
import { completeSignIn } from '../complete-sign-in';
import { useErrorText } from '../error-text';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const errorText = useErrorText();
  const [form] = Form.useForm<LoginInput>();
  const [failure, setFailure] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const location = useLocation();
  const state: unknown = location.state;
  const afterReset = typeof state === 'object' && state !== null && 'notice' in state && state.notice === 'passwordReset';

  const onFinish = async (values: LoginInput) => {
    setFailure(null);
    try {
      const result = await login.mutateAsync({ email: values.email.trim(), password: values.password });
      setFinishing(true);
      void navigate(await completeSignIn(result, queryClient), { replace: true });
    } catch (error) {
      setFinishing(false);
      if (error instanceof ApiError && error.code === 'NO_MERCHANT') return void navigate('/login-failed');
      if (error instanceof ApiError && error.code === 'NO_TENANT') return void navigate('/not-tenant');
      if (applyFieldErrors(form, error, ['email', 'password'])) return;
      setFailure(errorText(error));
    }
  };

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      {afterReset && !failure ? <Alert type="success" showIcon title={t('reset.done')} style={{ marginBottom: 16 }} /> : null}
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="login-error" /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={login.isPending || finishing}>
        <Form.Item
          name="email"
          label={t('fields.email')}
          rules={[
            { required: true, message: t('validation.emailRequired') },
            { type: 'email', message: t('validation.emailInvalid') },
          ]}
        >
          <Input prefix={<MailOutlined />} autoComplete="username" autoFocus maxLength={LIMITS.emailMax} placeholder="name@company.vn" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[{ required: true, message: t('validation.passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={LIMITS.passwordMax} />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: -8, marginBottom: 16 }}>
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending || finishing} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
      </p>
    </AuthLayout>
  );
}
