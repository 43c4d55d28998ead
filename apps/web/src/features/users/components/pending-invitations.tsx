import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Button from 'antd/es/button';
import App from 'antd/es/app';
import type { TableProps } from 'antd/es/table';
import MailOutlined from '@ant-design/icons/MailOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import type { Invitation } from '@zc/shared/api/organisation';
import { ROLE_COLORS } from '@zc/shared/permissions';
import { DataTable } from '../../../components/data-table';
import { ConfirmButton } from '../../../components/confirm-button';
import { formatDateTime } from '../../../lib/formatters';
import { ApiError } from '../../../lib/api-client';
import { useOrganisationInvitations } from '../api/get-organisation-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useAddUser } from '../api/add-user';

/**
 * The organisation's pending invitations: who was invited, as what, by whom, until when; resend
 * (a new link, same role and tenants) and revoke, each shown as the row's abilities say. Hidden while there are none.
 */
export function PendingInvitations({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const invitations = useOrganisationInvitations(merchantId, { orderBy: 'createdAt=desc' });
  const revoke = useRevokeInvitation();
  const resend = useAddUser();
  const fail = (error: unknown) => void message.error(error instanceof ApiError ? t(`errors:${error.code}`, { defaultValue: error.message }) : t('errors:INTERNAL'));

  if (invitations.total === 0 && invitations.page === 1) return null;

  const columns: TableProps<Invitation>['columns'] = [
    { key: 'email', dataIndex: 'email', title: t('columns.email') },
    { key: 'role', title: t('columns.role'), render: (_, inv) => <Tag color={ROLE_COLORS[inv.role]}>{t(`roles.${inv.role}`)}</Tag> },
    {
      key: 'tenants',
      title: t('columns.tenants'),
      render: (_, inv) =>
        inv.tenants.length === 0 ? (
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('noTenant')}</span>
        ) : (
          <Space size={[4, 4]} wrap>
            {inv.tenants.map((x) => (
              <Tag key={x.id}>{x.name}</Tag>
            ))}
          </Space>
        ),
    },
    { key: 'invitedBy', title: t('invitations.invitedBy'), render: (_, inv) => inv.invitedBy?.displayName ?? '—' },
    {
      key: 'expiresAt',
      title: t('invitations.expiresAt'),
      render: (_, inv) => (inv.isExpired ? <Tag color="default">{t('invitations.expired')}</Tag> : formatDateTime(inv.expiresAt)),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, inv) => (
        <Space>
          {inv.abilities.resend ? (
            <Button
              size="small"
              icon={<MailOutlined />}
              loading={resend.isPending && resend.variables?.email === inv.email}
              onClick={async () => {
                try {
                  await resend.mutateAsync({ merchantId, email: inv.email, role: inv.role, tenantIds: inv.tenants.map((x) => x.id) });
                  void message.success(t('form.invited', { email: inv.email }));
                } catch (error) {
                  fail(error);
                }
              }}
            >
              {t('invitations.resend')}
            </Button>
          ) : null}
          {inv.abilities.revoke ? (
            <ConfirmButton
              size="small"
              icon={<StopOutlined />}
              title={t('invitations.revokeTitle')}
              description={t('invitations.revokeText', { email: inv.email })}
              loading={revoke.isPending && revoke.variables?.id === inv.id}
              onConfirm={async () => {
                try {
                  await revoke.mutateAsync({ id: inv.id, merchantId });
                  void message.success(t('invitations.revoked'));
                } catch (error) {
                  fail(error);
                }
              }}
            >
              {t('invitations.revoke')}
            </ConfirmButton>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('invitations.title')} style={{ marginTop: 16 }} data-testid="pending-invitations">
      <DataTable<Invitation>
        rowKey="id"
        columns={columns}
        dataSource={invitations.rows}
        loading={invitations.query.isFetching}
        paging={invitations.paging}
      />
    </Card>
  );
}
