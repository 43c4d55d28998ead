import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Avatar from 'antd/es/avatar';
import App from 'antd/es/app';
import Popconfirm from 'antd/es/popconfirm';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import type { Team } from '@zc/shared/api/teams';
import { useTeams } from '../../features/teams/api/get-teams';
import { useDeleteTeam } from '../../features/teams/api/delete-team';
import { TeamFormDialog } from '../../features/teams/components/team-form-dialog';
import { TeamMembersDrawer } from '../../features/teams/components/team-members-drawer';
import { teamDisplayName } from '../../features/teams/components/team-name';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { formatThousands } from '../../lib/formatters';
import { useScope, usePermissions } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';
import { useRealtimeEvent } from '../../lib/use-realtime';
import { useQueryClient } from '@tanstack/react-query';
import { teamsKey } from '../../features/teams/api/get-teams';

/** /tenant/access-control/teams (§2.1, multi-team tenants): teams with avatar, default tag, members and daily quotas. */
export function TeamsPage() {
  const { can } = usePermissions();
  if (!can('VIEW_TEAM')) return <ErrorResult status={403} />;
  return <TeamsView />;
}

function TeamsView() {
  const { t } = useTranslation('teams');
  const scope = useScope();
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const tenantId = scope.tenant?.id ?? '';
  const teams = useTeams(tenantId);
  const remove = useDeleteTeam();
  const [editing, setEditing] = useState<Team | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [membersOf, setMembersOf] = useState<Team | null>(null);
  const current = membersOf ? (teams.data?.data.find((x) => x.id === membersOf.id) ?? membersOf) : null;

  // Another user's change (or a send counting against a quota) shows without a reload.
  useRealtimeEvent('team.changed', () => void queryClient.invalidateQueries({ queryKey: teamsKey }));

  const quota = (v: number | null) => (v === null ? t('quota.unlimited') : formatThousands(v));
  const columns: TableProps<Team>['columns'] = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, team) => (
        <Space>
          <Avatar src={team.avatar ?? undefined} icon={<TeamOutlined />} />
          <span style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{teamDisplayName(team, t)}</span>
          {team.isDefault ? <Tag color="blue">{t('defaultTag')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'members', title: t('fields.members'), dataIndex: 'memberCount', render: (n: number) => formatThousands(n) },
    { key: 'zns', title: t('fields.znsDailyQuota'), render: (_, team) => quota(team.znsDailyQuota) },
    { key: 'oa', title: t('fields.oaDailyQuota'), render: (_, team) => quota(team.oaDailyQuota) },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, team) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setMembersOf(team)} data-testid={`team-members-${team.id}`}>
            {t('members.open')}
          </Button>
          {team.abilities.update ? (
            <Button
              size="small"
              data-testid={`team-edit-${team.id}`}
              onClick={() => {
                setEditing(team);
                setFormOpen(true);
              }}
            >
              {t('edit')}
            </Button>
          ) : null}
          {team.abilities.delete ? (
            <Popconfirm
              title={t('deleteTitle')}
              description={t('deleteText', { name: teamDisplayName(team, t) })}
              okText={t('common:confirm')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(team.id);
                  void message.success(t('deleted'));
                } catch (error) {
                  void message.error(errorText(error));
                }
              }}
            >
              <Button size="small" danger data-testid={`team-delete-${team.id}`}>
                {t('delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        extra={
          can(['CREATE_TEAM', 'CREATE_UPDATE_DELETE_TEAM']) ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="team-create"
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              {t('create')}
            </Button>
          ) : null
        }
      />
      <Card>
        {teams.error ? <ErrorResult status={500} /> : null}
        <DataTable<Team>
          rowKey="id"
          data-testid="teams-table"
          columns={columns}
          dataSource={teams.data?.data ?? []}
          loading={teams.isFetching}
          locale={{ emptyText: t('empty') }}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      {/* Keyed by the team: each opening starts from that team's values (a form keeps its first initial values). */}
      <TeamFormDialog key={editing?.id ?? 'new'} open={formOpen} team={editing} onClose={() => setFormOpen(false)} />
      <TeamMembersDrawer tenantId={tenantId} team={current} onClose={() => setMembersOf(null)} />
    </>
  );
}
