import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Result from 'antd/es/result';
import Button from 'antd/es/button';
import { AuthLayout } from '../../components/auth-layout';

/** Shown when the account has no tenant to open ('No tenant'). */
export function NotTenantPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('notTenant.title')}>
      <Result
        status="info"
        title={<span data-testid="not-tenant-text">{t('notTenant.message')}</span>}
        subTitle={t('notTenant.hint')}
        extra={
          <Link to="/login">
            <Button type="primary">{t('forgot.backToLogin')}</Button>
          </Link>
        }
      />
    </AuthLayout>
  );
}
