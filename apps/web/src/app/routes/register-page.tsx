import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Button from 'antd/es/button';
import message from 'antd/es/message';
import { LIMITS } from '@zc/shared/limits';
import { useRegister, type RegisterInput } from '../../features/auth/api/register';
import { AuthLayout } from '../../components/auth-layout';
import { AuthField, AuthFormRoot, email, minLength, required, requiredTrimmed, signedInDestination, useAuthForm } from '../../components/auth-form';
import { completeSignIn } from '../complete-sign-in';
import { useErrorText } from '../../lib/error-text';

type RegisterForm = RegisterInput & { confirm: string };

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useRegister();
  const errorText = useErrorText();
  const [messageApi, messageHolder] = message.useMessage();
  const form = useAuthForm<RegisterForm>({
    initial: { displayName: '', organisationName: '', email: '', password: '', confirm: '' },
    rules: {
      displayName: [requiredTrimmed(t('validation.displayNameRequired'))],
      organisationName: [requiredTrimmed(t('validation.organisationRequired'))],
      email: [required(t('validation.emailRequired')), email(t('validation.emailInvalid'))],
      password: [required(t('validation.passwordRequired')), minLength(LIMITS.passwordMin, t('validation.passwordMin', { count: LIMITS.passwordMin }))],
      confirm: [required(t('validation.confirmRequired')), (value, values) => (value && values.password !== value ? t('validation.confirmMismatch') : undefined)],
    },
    dependencies: { confirm: ['password'] },
  });

  const onFinish = async ({ confirm: _confirm, ...values }: RegisterForm) => {
    try {
      const result = await register.mutateAsync({ ...values, displayName: values.displayName.trim(), organisationName: values.organisationName.trim() });
      void navigate(await signedInDestination(completeSignIn(result, queryClient)), { replace: true });
    } catch (error) {
      if (!form.applyServerErrors(error)) void messageApi.error(errorText(error));
    }
  };

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      {messageHolder}
      <AuthFormRoot onSubmit={form.handleSubmit(onFinish)} disabled={register.isPending}>
        <AuthField name="displayName" label={t('fields.displayName')} error={form.errors.displayName}>
          <Input {...form.input('displayName')} autoComplete="name" autoFocus maxLength={LIMITS.displayNameMax} />
        </AuthField>
        <AuthField name="organisationName" label={t('fields.organisationName')} error={form.errors.organisationName}>
          <Input {...form.input('organisationName')} autoComplete="organization" maxLength={LIMITS.merchantNameMax} />
        </AuthField>
        <AuthField name="email" label={t('fields.email')} error={form.errors.email}>
          <Input {...form.input('email')} autoComplete="email" maxLength={LIMITS.emailMax} />
        </AuthField>
        <AuthField name="password" label={t('fields.password')} error={form.errors.password}>
          <Password {...form.input('password')} autoComplete="new-password" maxLength={LIMITS.passwordMax} />
        </AuthField>
        <AuthField name="confirm" label={t('fields.confirmPassword')} error={form.errors.confirm}>
          <Password {...form.input('confirm')} autoComplete="new-password" maxLength={LIMITS.passwordMax} />
        </AuthField>
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </AuthFormRoot>
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
      </p>
    </AuthLayout>
  );
}
