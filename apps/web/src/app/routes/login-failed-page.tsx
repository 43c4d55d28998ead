import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Result from 'antd/es/result';
import Button from 'antd/es/button';
import { AuthLayout } from '../../components/auth-layout';

/** Shown when the account belongs to no organisation ('No merchants assigned'). */
export function LoginFailedPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('loginFailed.title')}>
      <Result
        status="warning"
        title={<span data-testid="login-failed-text">{t('loginFailed.message')}</span>}
        subTitle={t('loginFailed.hint')}
        extra={
          <Link to="/login">
            <Button type="primary">{t('forgot.backToLogin')}</Button>
          </Link>
        }
      />
    </AuthLayout>
  );
}
