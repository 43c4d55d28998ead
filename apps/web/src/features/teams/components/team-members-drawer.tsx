import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Drawer from 'antd/es/drawer';
import Select from 'antd/es/select';
import Button from 'antd/es/button';
import List from 'antd/es/list';
import Popconfirm from 'antd/es/popconfirm';
import Flex from 'antd/es/flex';
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import Alert from 'antd/es/alert';
import { TEAM_ROLES, type Team, type TeamRole } from '@zc/shared/api/teams';
import { useTeam } from '../api/get-team';
import { useAvailableMembers } from '../api/get-available-members';
import { useAddTeamMembers, useRemoveTeamMembers, useUpdateTeamMemberRole } from '../api/team-members';
import { TeamQuotaCard } from './team-quota-card';
import { teamDisplayName } from './team-name';
import { UserCell } from '../../../components/user-cell';
import { useErrorText } from '../../../lib/error-text';

/** A team's members (add from the tenant's people, change role MEMBER / LEADER, remove) and its quota today. */
export function TeamMembersDrawer({ tenantId, team, onClose }: { tenantId: string; team: Team | null; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const detail = useTeam(tenantId, team?.id ?? null);
  const canManage = team?.abilities.manageMembers ?? false;
  const available = useAvailableMembers(tenantId, team?.id ?? null, canManage);
  const add = useAddTeamMembers();
  const remove = useRemoveTeamMembers();
  const role = useUpdateTeamMemberRole();
  const [picked, setPicked] = useState<string[]>([]);
  const [pickedRole, setPickedRole] = useState<TeamRole>('MEMBER');

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <Drawer
      open={team !== null}
      onClose={onClose}
      title={team ? t('members.title', { name: teamDisplayName(team, t) }) : ''}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      data-testid="team-members-drawer"
    >
      {team ? <TeamQuotaCard tenantId={tenantId} teamId={team.id} /> : null}
      {canManage && team ? (
        <Flex gap={8} wrap style={{ margin: '16px 0' }}>
          <Select
            mode="multiple"
            allowClear
            style={{ flex: '1 1 220px', minWidth: 0 }}
            placeholder={t('members.pick')}
            aria-label={t('members.pick')}
            loading={available.isLoading}
            value={picked}
            onChange={(v: string[]) => setPicked(v)}
            optionFilterProp="label"
            options={(available.data ?? []).map((p) => ({ value: p.id, label: p.displayName ? `${p.displayName} (${p.email})` : p.email }))}
            data-testid="team-member-pick"
          />
          <Select
            style={{ width: 140 }}
            aria-label={t('fields.role')}
            value={pickedRole}
            onChange={(v: TeamRole) => setPickedRole(v)}
            options={TEAM_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
          <Button
            type="primary"
            disabled={picked.length === 0}
            loading={add.isPending}
            data-testid="team-member-add"
            onClick={() =>
              void run(async () => {
                await add.mutateAsync({ teamId: team.id, userIds: picked, role: pickedRole });
                setPicked([]);
              }, t('members.added'))
            }
          >
            {t('members.add')}
          </Button>
        </Flex>
      ) : null}
      {detail.error ? <Alert type="error" showIcon title={errorText(detail.error)} /> : null}
      <List
        loading={detail.isLoading}
        dataSource={detail.data?.members ?? []}
        locale={{ emptyText: t('members.empty') }}
        data-testid="team-members-list"
        renderItem={(m) => (
          <List.Item
            style={{ flexWrap: 'wrap', gap: 8 }}
            actions={
              canManage && team
                ? [
                    <Select
                      key="role"
                      size="small"
                      style={{ width: 120 }}
                      aria-label={t('fields.role')}
                      value={m.role}
                      onChange={(v: TeamRole) => void run(() => role.mutateAsync({ teamId: team.id, userId: m.userId, role: v }), t('members.roleChanged'))}
                      options={TEAM_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                    />,
                    <Popconfirm
                      key="remove"
                      title={t('members.removeTitle')}
                      okText={t('common:confirm')}
                      cancelText={t('common:cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => run(() => remove.mutateAsync({ teamId: team.id, userIds: [m.userId] }), t('members.removed'))}
                    >
                      <Button size="small" danger>
                        {t('members.remove')}
                      </Button>
                    </Popconfirm>,
                  ]
                : [<Typography.Text key="role">{t(`roles.${m.role}`)}</Typography.Text>]
            }
          >
            <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <UserCell user={m} />
            </div>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
