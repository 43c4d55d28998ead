import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Result from 'antd/es/result';
import Button from 'antd/es/button';

export type ErrorStatus = 403 | 404 | 500;

/** The §8 error page texts with a back button. */
export function ErrorResult({ status, message }: { status: ErrorStatus; message?: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const subTitle = message ?? t(`errorPage.${status}`);
  return (
    <Result
      status={status === 403 ? '403' : status === 404 ? '404' : '500'}
      title={String(status)}
      subTitle={<span data-testid="error-text">{subTitle}</span>}
      extra={
        <Button type="primary" onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate('/'))}>
          {t('back')}
        </Button>
      }
    />
  );
}
