import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import message from 'antd/es/message';
import { LIMITS } from '@zc/shared/limits';
import { useForgotPassword } from '../../features/auth/api/forgot-password';
import { useResetPassword } from '../../features/auth/api/reset-password';
import { AuthLayout } from '../../components/auth-layout';
import { AuthField, AuthFormRoot, email, minLength, required, useAuthForm } from '../../components/auth-form';
import { useErrorText } from '../../lib/error-text';

function RequestForm() {
  const { t } = useTranslation('auth');
  const request = useForgotPassword();
  const errorText = useErrorText();
  const [messageApi, messageHolder] = message.useMessage();
  const form = useAuthForm<{ email: string }>({
    initial: { email: '' },
    rules: { email: [required(t('validation.emailRequired')), email(t('validation.emailInvalid'))] },
  });
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
    <AuthFormRoot
      disabled={request.isPending}
      onSubmit={form.handleSubmit(async ({ email: address }) => {
        try {
          await request.mutateAsync({ email: address.trim() });
          setSentTo(address.trim());
        } catch (error) {
          if (!form.applyServerErrors(error)) void messageApi.error(errorText(error));
        }
      })}
    >
      <AuthField name="email" label={t('fields.email')} error={form.errors.email}>
        <Input {...form.input('email')} autoComplete="email" autoFocus maxLength={LIMITS.emailMax} />
      </AuthField>
      <Button type="primary" htmlType="submit" block size="large" loading={request.isPending}>
        {t('forgot.submit')}
      </Button>
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        <Link to="/login">{t('forgot.backToLogin')}</Link>
      </p>
    </AuthFormRoot>
    </>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const errorText = useErrorText();
  const [messageApi, messageHolder] = message.useMessage();
  const form = useAuthForm<{ password: string; confirm: string }>({
    initial: { password: '', confirm: '' },
    rules: {
      password: [required(t('validation.passwordRequired')), minLength(LIMITS.passwordMin, t('validation.passwordMin', { count: LIMITS.passwordMin }))],
      confirm: [required(t('validation.confirmRequired')), (value, values) => (value && values.password !== value ? t('validation.confirmMismatch') : undefined)],
    },
    dependencies: { confirm: ['password'] },
  });
  return (
    <>
    {messageHolder}
    <AuthFormRoot
      disabled={reset.isPending}
      onSubmit={form.handleSubmit(async ({ password }) => {
        try {
          await reset.mutateAsync({ token, password });
          void navigate('/login', { replace: true, state: { notice: 'passwordReset' } });
        } catch (error) {
          if (!form.applyServerErrors(error)) void messageApi.error(errorText(error));
        }
      })}
    >
      <AuthField name="password" label={t('fields.newPassword')} error={form.errors.password}>
        <Password {...form.input('password')} autoComplete="new-password" autoFocus maxLength={LIMITS.passwordMax} />
      </AuthField>
      <AuthField name="confirm" label={t('fields.confirmPassword')} error={form.errors.confirm}>
        <Password {...form.input('confirm')} autoComplete="new-password" maxLength={LIMITS.passwordMax} />
      </AuthField>
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        {t('reset.submit')}
      </Button>
    </AuthFormRoot>
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
