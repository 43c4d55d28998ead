import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import { ApiError } from '../lib/api-client';

/** True for a refusal of the caller's permissions (HTTP 403), as opposed to a failure. */
export function isForbiddenError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/**
 * Inline notice for one part of a page the caller may not see (a 403 on a secondary call, or a
 * permission known to be missing): the rest of the page keeps working. `what` names the part,
 * already translated ("the API keys").
 */
export function PermissionAlert({ what, testId = 'permission-alert', compact = false }: { what: string; testId?: string; compact?: boolean }) {
  const { t } = useTranslation('access');
  return (
    <Alert
      type="info"
      showIcon
      data-testid={testId}
      title={t('noPermission.title', { what })}
      description={compact ? undefined : t('noPermission.text')}
      style={{ marginBottom: compact ? 0 : 16 }}
    />
  );
}
