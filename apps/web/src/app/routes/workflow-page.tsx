import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { useWorkflows } from '../../features/workflows/api/get-workflows';
import { useApproverCandidates } from '../../features/workflows/api/get-approver-candidates';
import { WorkflowKindCard } from '../../features/workflows/components/workflow-kind-card';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../lib/error-text';
import { useScope } from '../../lib/scope-context';
import { useTeamOptions } from '../../lib/team-options';
import { TenantSettingsTabs } from './tenant-settings-tabs';

/** The tenant-wide workflows, as the team selector's value. */
const TENANT_WIDE = '';

/**
 * /tenant/settings/workflow (VIEW_APPROVAL_WORK_FLOW, checked by the router): per reviewable kind
 * the ordered approvers; per team too when the tenant has several. Editing follows the abilities.
 */
export function WorkflowPage() {
  const { t } = useTranslation('workflow');
  const scope = useScope();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const isMultiTeam = scope.tenant?.isMultiTeam ?? false;
  const [team, setTeam] = useState<string>(TENANT_WIDE);
  const teamId = team === TENANT_WIDE ? null : team;
  const teams = useTeamOptions(tenantId, isMultiTeam);
  const workflows = useWorkflows(tenantId, teamId);
  const editing = workflows.data?.some((w) => w.abilities.update) ?? false;
  const candidates = useApproverCandidates(tenantId, editing);

  return (
    <>
      <TenantSettingsTabs active="workflow" />
      <PageHeader
        title={t('title')}
        extra={
          isMultiTeam && teams.isSuccess ? (
            <Select
              aria-label={t('team')}
              style={{ width: 240, maxWidth: '100%' }}
              value={team}
              options={[{ value: TENANT_WIDE, label: t('tenantWide') }, ...teams.data.map((x) => ({ value: x.id, label: x.name }))]}
              onChange={(v: string) => setTeam(v)}
              data-testid="workflow-team"
            />
          ) : null
        }
      />
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {editing && candidates.isError ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('candidatesUnavailable')} /> : null}
      {workflows.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : workflows.isError ? (
        <ErrorResult status={500} message={errorText(workflows.error)} />
      ) : (
        <Row gutter={[16, 16]}>
          {workflows.data.map((w) => (
            <Col key={`${team}:${w.kind}`} xs={24} lg={12}>
              <WorkflowKindCard tenantId={tenantId} teamId={teamId} workflow={w} candidates={candidates.data ?? []} canAdd={candidates.isSuccess} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
