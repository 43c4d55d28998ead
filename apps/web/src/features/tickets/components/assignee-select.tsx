import { useTranslation } from 'react-i18next';
import Select from 'antd/es/select';
import type { TicketAssignees } from '@zc/shared/api/tickets';

/** The value of the assignee select: `user:<id>`, `team:<id>`, or undefined (nobody). */
export type AssigneeValue = string | undefined;

export function assigneeValue(userId: string | null | undefined, teamId: string | null | undefined): AssigneeValue {
  if (userId) return `user:${userId}`;
  if (teamId) return `team:${teamId}`;
  return undefined;
}

/** The body fields for an assignee value (a person clears the team and the other way round). */
export function assigneeFields(value: AssigneeValue): { assigneeUserId: string | null; assigneeTeamId: string | null } {
  if (value?.startsWith('user:')) return { assigneeUserId: value.slice(5), assigneeTeamId: null };
  if (value?.startsWith('team:')) return { assigneeUserId: null, assigneeTeamId: value.slice(5) };
  return { assigneeUserId: null, assigneeTeamId: null };
}

/** One select with two groups: people of the tenant and its teams. */
export function AssigneeSelect({ options, value, onChange, testId, disabled }: { options: TicketAssignees | undefined; value?: AssigneeValue; onChange?: (v: AssigneeValue) => void; testId?: string; disabled?: boolean }) {
  const { t } = useTranslation('tickets');
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      disabled={disabled}
      placeholder={t('fields.unassigned')}
      aria-label={t('fields.assignee')}
      data-testid={testId}
      value={value}
      onChange={(v: AssigneeValue) => onChange?.(v)}
      style={{ width: '100%' }}
      options={[
        { label: t('assignee.people'), options: (options?.users ?? []).map((u) => ({ value: `user:${u.id}`, label: u.displayName || u.email })) },
        ...(options?.teams.length ? [{ label: t('assignee.teams'), options: options.teams.map((x) => ({ value: `team:${x.id}`, label: x.name })) }] : []),
      ]}
    />
  );
}
