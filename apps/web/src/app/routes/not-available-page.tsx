import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Result from 'antd/es/result';
import Button from 'antd/es/button';
import AppstoreAddOutlined from '@ant-design/icons/AppstoreAddOutlined';

/** The one shared page of the §2.1 routes whose modules are not part of this release yet. */
export function NotAvailablePage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      icon={<AppstoreAddOutlined style={{ color: '#0d9488' }} />}
      title={<span data-testid="not-available">{t('notAvailable.title')}</span>}
      subTitle={t('notAvailable.text')}
      extra={
        <Button type="primary" onClick={() => void navigate(-1)}>
          {t('back')}
        </Button>
      }
    />
  );
}
