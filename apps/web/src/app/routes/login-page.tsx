import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Button from 'antd/es/button';
import MailOutlined from '@ant-design/icons/MailOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { LIMITS } from '@zc/shared/limits';
import { useLogin, type LoginInput } from '../../features/auth/api/login';
import { AuthLayout } from '../../components/auth-layout';
import { AuthAlert } from '../../components/auth-alert';
import { AuthField, AuthFormRoot, email, required, useAuthForm } from '../../components/auth-form';
import { ApiError } from '../../lib/api-client';
import { signedInDestination } from '../../components/auth-form';
import { useErrorText } from '../../lib/error-text';
import { formatWait, lockSecondsOf, useSignInLock } from '../../features/auth/components/sign-in-lock';

/**
 * Login (§8). Built from antd Input/Button without antd Form so that the whole route stays within
 * the first-load budget (scripts/check-bundle.mjs).
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const errorText = useErrorText();
  const form = useAuthForm<LoginInput>({
    initial: { email: '', password: '' },
    rules: {
      email: [required(t('validation.emailRequired')), email(t('validation.emailInvalid'))],
      password: [required(t('validation.passwordRequired'))],
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  // Too many failed attempts (account or address): the wait counts down and the button waits with it.
  const signInLock = useSignInLock();
  const [finishing, setFinishing] = useState(false);
  const location = useLocation();
  const state: unknown = location.state;
  const afterReset = typeof state === 'object' && state !== null && 'notice' in state && state.notice === 'passwordReset';
  const busy = login.isPending || finishing;
  const locked = signInLock.remaining !== null;

  const onFinish = async (values: LoginInput) => {
    setFailure(null);
    // What runs after a successful sign-in is fetched with the request, not with the page.
    const next = import('../complete-sign-in');
    next.catch(() => undefined);
    try {
      const result = await login.mutateAsync({ email: values.email.trim(), password: values.password });
      setFinishing(true);
      const { completeSignIn } = await next;
      void navigate(await signedInDestination(completeSignIn(result, queryClient)), { replace: true });
    } catch (error) {
      setFinishing(false);
      if (error instanceof ApiError && error.code === 'NO_MERCHANT') return void navigate('/login-failed');
      if (error instanceof ApiError && error.code === 'NO_TENANT') return void navigate('/not-tenant');
      const wait = lockSecondsOf(error);
      if (wait !== null) return signInLock.lock(wait);
      if (form.applyServerErrors(error)) return;
      setFailure(errorText(error));
    }
  };

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      {afterReset && !failure && !locked ? <AuthAlert type="success">{t('reset.done')}</AuthAlert> : null}
      {signInLock.remaining !== null ? (
        <AuthAlert type="error" testId="login-locked">
          {t('login.locked', { time: formatWait(signInLock.remaining) })}
        </AuthAlert>
      ) : failure ? (
        <AuthAlert type="error" testId="login-error">
          {failure}
        </AuthAlert>
      ) : null}
      <AuthFormRoot onSubmit={form.handleSubmit(onFinish)} disabled={busy}>
        <AuthField name="email" label={t('fields.email')} error={form.errors.email}>
          <Input {...form.input('email')} prefix={<MailOutlined />} autoComplete="username" autoFocus maxLength={LIMITS.emailMax} placeholder="name@company.vn" />
        </AuthField>
        <AuthField name="password" label={t('fields.password')} error={form.errors.password}>
          <Password {...form.input('password')} prefix={<LockOutlined />} autoComplete="current-password" maxLength={LIMITS.passwordMax} />
        </AuthField>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: form.errors.password ? 0 : -8, marginBottom: 16 }}>
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={locked} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </AuthFormRoot>
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
      </p>
    </AuthLayout>
  );
}
