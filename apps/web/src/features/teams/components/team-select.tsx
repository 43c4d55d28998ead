import { useTranslation } from 'react-i18next';
import Select from 'antd/es/select';
import Avatar from 'antd/es/avatar';
import Space from 'antd/es/space';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import type { Team } from '@zc/shared/api/teams';
import { useTeams } from '../api/get-teams';
import { teamDisplayName } from './team-name';

/** §5 "Team select required when multiple teams exist": a form asks for a team once the tenant has several. */
export function teamChoiceRequired(teams: readonly Pick<Team, 'id'>[] | undefined): boolean {
  return (teams?.length ?? 0) > 1;
}

interface TeamSelectProps {
  tenantId: string;
  /** Only multi-team tenants have teams to choose from (the list is not asked otherwise). */
  enabled: boolean;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  'data-testid'?: string;
}

/**
 * The tenant's teams (default first) as a select, for forms (one team) and list filters (`multiple`).
 * Works inside a Form.Item (value/onChange). Pages that need the §5 rule read `teamChoiceRequired`.
 */
export function TeamSelect({ tenantId, enabled, value, onChange, multiple, allowClear, placeholder, style, ...rest }: TeamSelectProps) {
  const { t } = useTranslation('teams');
  const teams = useTeams(tenantId, enabled);
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      allowClear={allowClear}
      loading={teams.isLoading}
      value={value ?? undefined}
      onChange={(v: string | string[] | undefined) => onChange?.(v)}
      placeholder={placeholder ?? t('select.placeholder')}
      aria-label={placeholder ?? t('select.placeholder')}
      style={{ minWidth: 200, maxWidth: '100%', ...style }}
      optionFilterProp="label"
      data-testid={rest['data-testid']}
      options={(teams.data?.data ?? []).map((team) => {
        const shown = teamDisplayName(team, t);
        // A renamed default team keeps its tag; an unrenamed one is already called the default team.
        return { value: team.id, label: team.isDefault && shown === team.name ? `${shown} (${t('defaultTag')})` : shown, team };
      })}
      optionRender={(option) => (
        <Space size={6}>
          <Avatar size={20} src={option.data.team.avatar ?? undefined} icon={<TeamOutlined />} />
          <span>{option.label}</span>
        </Space>
      )}
    />
  );
}
