import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import { isForbiddenError, PermissionAlert } from '../../../components/permission-alert';
import { useErrorText } from '../../../lib/error-text';

/**
 * A failed section of a dashboard: a refusal (403) shows as 'not permitted' in place of the section
 * and the rest of the page keeps working; another failure shows its message. `what` names the
 * section, already translated.
 */
export function SectionError({ error, what, testId }: { error: unknown; what: string; testId?: string }) {
  const { t } = useTranslation('dashboards');
  const errorText = useErrorText();
  if (isForbiddenError(error)) return <PermissionAlert what={what} testId={testId ?? 'dashboard-forbidden'} />;
  return <Alert type="error" showIcon title={t('loadFailed', { message: errorText(error) })} data-testid={testId ? `${testId}-error` : 'dashboard-error'} style={{ marginBottom: 16 }} />;
}
