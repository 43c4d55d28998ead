import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import Avatar from 'antd/es/avatar';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import type { ReceivedInvitation } from '@zc/shared/api/organisation';
import { ROLE_COLORS } from '@zc/shared/permissions';
import { formatDateTime } from '../../../lib/formatters';

/** What an invitation offers: the organisation, who asks, the role, the tenants and until when. */
export function ReceivedInvitationSummary({ invitation, actions }: { invitation: ReceivedInvitation; actions?: ReactNode }) {
  const { t } = useTranslation('users');
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid="received-invitation">
      <Avatar shape="square" size={40} src={invitation.merchant.logo ?? undefined} icon={<TeamOutlined />} />
      <div style={{ flex: '1 1 220px', minWidth: 0 }}>
        <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13 }}>{t('mine.from', { name: invitation.invitedBy?.displayName ?? invitation.merchant.name })}</div>
        <div style={{ fontWeight: 600, fontSize: 16, overflowWrap: 'anywhere' }}>{invitation.merchant.name}</div>
        <div style={{ marginTop: 6, display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}>
          <span style={{ color: 'rgba(0,0,0,0.55)' }}>{t('mine.role')}:</span>
          <Tag color={ROLE_COLORS[invitation.role]}>{t(`roles.${invitation.role}`)}</Tag>
          {invitation.tenants.length ? (
            <>
              <span style={{ color: 'rgba(0,0,0,0.55)' }}>{t('mine.tenants')}:</span>
              {invitation.tenants.map((x) => (
                <Tag key={x.id}>{x.name}</Tag>
              ))}
            </>
          ) : null}
        </div>
        <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, marginTop: 4 }}>{t('mine.expires', { date: formatDateTime(invitation.expiresAt) })}</div>
      </div>
      {actions ? <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{actions}</div> : null}
    </div>
  );
}
