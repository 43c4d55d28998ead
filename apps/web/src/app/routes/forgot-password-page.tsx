import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import message from 'antd/es/message';
import { LIMITS } from '@zc/shared/limits';
import { useForgotPassword } from '../../features/auth/api/forgot-password';
import { useResetPassword } from '../../features/auth/api/reset-password';
import { AuthLayout } from '../../components/auth-layout';
import { applyFieldErrors } from '../../lib/form-errors';
import { useErrorText } from '../error-text';

function RequestForm() {
  const { t } = useTranslation('auth');
  const request = useForgotPassword();
  const errorText = useErrorText();
  const [messageApi, messageHolder] = message.useMessage();
  const [form] = Form.useForm<{ email: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <Result
        status="success"
        title={t('forgot.sentTitle')}
        subTitle={t('forgot.sentText', { email: sentTo })}
        extra={<Link to="/login">{t('forgot.backToLogin')}</Link>}
      />
    );
  }
  return (
    <>
    {messageHolder}
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={request.isPending}
      onFinish={async ({ email }) => {
        try {
          await request.mutateAsync({ email: email.trim() });
          setSentTo(email.trim());
        } catch (error) {
          if (!applyFieldErrors(form, error, ['email'])) void messageApi.error(errorText(error));
        }
      }}
    >
      <Form.Item
        name="email"
        label={t('fields.email')}
        rules={[
          { required: true, message: t('validation.emailRequired') },
          { type: 'email', message: t('validation.emailInvalid') },
        ]}
      >
        <Input autoComplete="email" autoFocus maxLength={LIMITS.emailMax} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={request.isPending}>
        {t('forgot.submit')}
      </Button>
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        <Link to="/login">{t('forgot.backToLogin')}</Link>
      </p>
    </Form>
    </>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const errorText = useErrorText();
  const [messageApi, messageHolder] = message.useMessage();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  return (
    <>
    {messageHolder}
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={reset.isPending}
      onFinish={async ({ password }) => {
        try {
          await reset.mutateAsync({ token, password });
          void navigate('/login', { replace: true, state: { notice: 'passwordReset' } });
        } catch (error) {
          if (!applyFieldErrors(form, error, ['password'])) void messageApi.error(errorText(error));
        }
      }}
    >
      <Form.Item
        name="password"
        label={t('fields.newPassword')}
        rules={[
          { required: true, message: t('validation.passwordRequired') },
          { min: LIMITS.passwordMin, message: t('validation.passwordMin', { count: LIMITS.passwordMin }) },
        ]}
      >
        <Input.Password autoComplete="new-password" autoFocus maxLength={LIMITS.passwordMax} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('fields.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('validation.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('validation.confirmMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMax} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        {t('reset.submit')}
      </Button>
    </Form>
    </>
  );
}

/** Request a reset link; with `?token=` the same route shows the new-password form. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <ResetForm token={token} />
    </AuthLayout>
  ) : (
    <AuthLayout title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <RequestForm />
    </AuthLayout>
  );
}
