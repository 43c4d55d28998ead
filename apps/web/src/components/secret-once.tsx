import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Typography from 'antd/es/typography';

/** A secret answered once by the server: shown in full with a copy control and a warning. */
export function SecretOnce({ secret, testId = 'secret-once' }: { secret: string; testId?: string }) {
  const { t } = useTranslation('components');
  return (
    <div>
      <Alert type="warning" showIcon title={t('secret.once')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        copyable={{ text: secret, tooltips: [t('common:copy'), t('common:copied')] }}
        code
        data-testid={testId}
        style={{ wordBreak: 'break-all', fontSize: 14 }}
      >
        {secret}
      </Typography.Paragraph>
    </div>
  );
}
