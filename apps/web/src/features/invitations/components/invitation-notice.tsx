import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import { useMyInvitations } from '../api/get-my-invitations';

/** A banner for signed-in pages while invitations to join an organisation wait for an answer. */
export function InvitationNotice({ href = '/invitation' }: { href?: string }) {
  const { t } = useTranslation('users');
  const invitations = useMyInvitations();
  const count = invitations.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="invitation-notice"
      title={t('mine.notice', { count })}
      action={<Link to={href}>{t('mine.view')}</Link>}
    />
  );
}
