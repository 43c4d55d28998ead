import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import message from 'antd/es/message';
import { LIMITS } from '@zc/shared/limits';
import { useRegister, type RegisterInput } from '../../features/auth/api/register';
import { AuthLayout } from '../../components/auth-layout';
import { applyFieldErrors } from '../../lib/form-errors';
import { completeSignIn } from '../complete-sign-in';
import { useErrorText } from '../error-text';

type RegisterForm = RegisterInput & { confirm: string };

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useRegister();
  const errorText = useErrorText();
  const [messageApi, messageHolder] = message.useMessage();
  const [form] = Form.useForm<RegisterForm>();

  const onFinish = async ({ confirm: _confirm, ...values }: RegisterForm) => {
    try {
      const result = await register.mutateAsync({ ...values, displayName: values.displayName.trim(), organisationName: values.organisationName.trim() });
      void navigate(await completeSignIn(result, queryClient), { replace: true });
    } catch (error) {
      if (!applyFieldErrors(form, error, ['email', 'password', 'displayName', 'organisationName'])) void messageApi.error(errorText(error));
    }
  };

  const trimmedRequired = (text: string) => ({
    validator: (_: unknown, value: string | undefined) => (value?.trim() ? Promise.resolve() : Promise.reject(new Error(text))),
  });

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      {messageHolder}
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={register.isPending}>
        <Form.Item name="displayName" label={t('fields.displayName')} rules={[trimmedRequired(t('validation.displayNameRequired'))]}>
          <Input autoComplete="name" autoFocus maxLength={LIMITS.displayNameMax} />
        </Form.Item>
        <Form.Item name="organisationName" label={t('fields.organisationName')} rules={[trimmedRequired(t('validation.organisationRequired'))]}>
          <Input autoComplete="organization" maxLength={LIMITS.merchantNameMax} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('fields.email')}
          rules={[
            { required: true, message: t('validation.emailRequired') },
            { type: 'email', message: t('validation.emailInvalid') },
          ]}
        >
          <Input autoComplete="email" maxLength={LIMITS.emailMax} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.password')}
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
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
      </p>
    </AuthLayout>
  );
}
