import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { useContent } from '../../features/oa-content/api/get-content';
import { useDecideContent } from '../../features/oa-content/api/decide-content';
import { useLiveContent } from '../../features/oa-content/api/use-live-content';
import { oaContentListKey, type OaContent, type OaContentType } from '../../features/oa-content/api/types';
import { ContentDetail, PublishCard } from '../../features/oa-content/components/content-detail';
import { ContentForm } from '../../features/oa-content/components/content-form';
import { useConfirmDeleteContent } from '../../features/oa-content/components/delete-content';
import { TeamSelect, teamChoiceRequired } from '../../features/teams/components/team-select';
import { useTeams } from '../../features/teams/api/get-teams';
import { DecisionModal } from '../../features/tasks/components/decision-modal';
import { LIST_REFRESH_DELAY_MS, type TaskDecision } from '../../features/tasks/api/decide-task';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { useOaList } from '../../lib/oa-list';
import { PAGES, tenantDetailPageHref, tenantHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';

function listHref(type: OaContentType, tenantId: string): string {
  return tenantHref(type === 'video' ? PAGES.oaContentVideo : PAGES.oaContent, tenantId);
}

/**
 * /tenant/zalo-oa/content/create and /content/{id} (?type=post|video): the editor for a new item or
 * one the caller may still edit; otherwise the item itself (page-embedded detail) with its per-OA
 * publishing, and approve/reject for the next approver (the tasks feature's decision modal).
 */
export function OaContentEditPage() {
  const { t } = useTranslation('oa-content');
  const { id = null } = useParams();
  const [params] = useSearchParams();
  const scope = useScope();
  const { can } = usePermissions();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const tenantId = scope.tenant?.id ?? '';
  const content = useContent(tenantId, id);
  const oas = useOaList(tenantId);
  useLiveContent();
  const type: OaContentType = content.data?.type ?? (params.get('type') === 'video' ? 'video' : 'post');
  const multiTeam = Boolean(scope.tenant?.isMultiTeam);
  const teams = useTeams(tenantId, multiTeam);
  const team =
    multiTeam && (teams.data?.data.length ?? 0) > 0
      ? { required: teamChoiceRequired(teams.data?.data), select: <TeamSelect tenantId={tenantId} enabled={multiTeam} allowClear={!teamChoiceRequired(teams.data?.data)} style={{ width: '100%' }} data-testid="content-team" /> }
      : null;

  const back = (
    <Link to={listHref(type, tenantId)}>
      <Button icon={<ArrowLeftOutlined />}>{t('common:back')}</Button>
    </Link>
  );
  const onSaved = (saved: OaContent, submitted: boolean) => {
    if (submitted) void navigate(listHref(saved.type, tenantId));
    else if (!id) void navigate(`${tenantDetailPageHref(PAGES.oaContentDetail, saved.id, tenantId)}&type=${saved.type}`, { replace: true });
  };

  if (id && content.isPending) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  if (id && content.isError) {
    const status = content.error instanceof ApiError ? content.error.status : 500;
    return <ErrorResult status={status === 404 ? 404 : status === 403 ? 403 : 500} message={status === 404 ? t('detail.notFound') : errorText(content.error)} />;
  }
  if (oas.isPending) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  if (oas.isError) return <ErrorResult status={500} message={errorText(oas.error)} />;

  const item = content.data ?? null;
  if (!item) {
    if (!can('CREATE_ZALO_OA_CONTENT')) return <ErrorResult status={403} />;
    return (
      <>
        <PageHeader title={t(`create.${type}`)} extra={back} />
        <ContentForm tenantId={tenantId} type={type} content={null} oas={oas.data} team={team} onSaved={onSaved} />
      </>
    );
  }
  if (item.abilities.update && !item.abilities.decide && item.status !== 'published') {
    return (
      <>
        <PageHeader title={t(`edit.${type}`)} extra={back} />
        <ContentForm key={`${item.id}:${item.version}`} tenantId={tenantId} type={type} content={item} oas={oas.data} team={team} onSaved={onSaved} />
      </>
    );
  }
  return <ContentView tenantId={tenantId} item={item} back={back} />;
}

/** The item read-only: the embedded detail beside its per-OA publishing card, with delete and the next approver's decision. */
function ContentView({ tenantId, item, back }: { tenantId: string; item: OaContent; back: React.ReactNode }) {
  const { t } = useTranslation('oa-content');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const decide = useDecideContent();
  const confirmDelete = useConfirmDeleteContent(tenantId);
  const [decision, setDecision] = useState<TaskDecision | null>(null);
  const submit = (comment: string) => {
    if (!decision) return;
    const approval = decision === 'APPROVAL';
    decide.mutate(
      { tenantId, id: item.id, comment, approval },
      {
        onSuccess: () => {
          void message.success(approval ? t('decision.approved') : t('decision.rejected'));
          setDecision(null);
          // §4: the list refreshes after 3 seconds (the detail already did).
          setTimeout(() => void queryClient.invalidateQueries({ queryKey: oaContentListKey }), LIST_REFRESH_DELAY_MS);
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };
  return (
    <>
      <PageHeader
        title={item.title || t('placeholder.title')}
        extra={
          <Flex gap={8} wrap>
            {back}
            {item.abilities.delete ? (
              <Button danger onClick={() => confirmDelete(item.id, () => void navigate(listHref(item.type, tenantId)))} data-testid="content-delete">
                {t('actions.delete')}
              </Button>
            ) : null}
            {item.abilities.decide ? (
              <>
                <Button danger onClick={() => setDecision('DISAPPROVAL')} data-testid="content-reject">
                  {t('decision.reject')}
                </Button>
                <Button type="primary" onClick={() => setDecision('APPROVAL')} data-testid="content-approve">
                  {t('decision.approve')}
                </Button>
              </>
            ) : null}
          </Flex>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card>
            <ContentDetail content={item} embedded />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <PublishCard content={item} />
        </Col>
      </Row>
      <DecisionModal decision={decision} pending={decide.isPending} onSubmit={submit} onCancel={() => setDecision(null)} />
    </>
  );
}
