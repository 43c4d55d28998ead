import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { ApiError } from '../../lib/api-client';
import { useTask } from '../../features/tasks/api/get-task';
import { useTaskCard } from '../../features/tasks/api/get-task-card';
import { LIST_REFRESH_DELAY_MS, tasksKey, useDecideTask, type TaskDecision } from '../../features/tasks/api/decide-task';
import { useMarkTaskViewed } from '../../features/tasks/api/mark-task-viewed';
import { useLiveTasks } from '../../features/tasks/api/use-live-tasks';
import type { TaskDetail } from '../../features/tasks/api/types';
import { ApproverTimeline } from '../../features/tasks/components/approver-timeline';
import { DecisionModal } from '../../features/tasks/components/decision-modal';
import { SubmittedContentCard, TaskPreviewCard } from '../../features/tasks/components/task-preview';
import { TaskCounterCard } from '../../features/tasks/components/task-counter-card';
import { TaskStatusTag } from '../../features/tasks/components/task-status-tag';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { UserCell } from '../../components/user-cell';
import { formatDateTime } from '../../lib/formatters';
import { PAGES, tenantDetailPageHref, tenantHref } from '../../lib/paths';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';

/** The reviewed item's own page (§2.14 "buttons to open the item's own detail page"), where one exists. */
function itemHref(task: TaskDetail, tenantId: string): { href: string; labelKey: string } | null {
  if (task.type === 'ZNS_TEMPLATE') return { href: tenantHref(PAGES.znsTemplateManagement, tenantId), labelKey: 'detail.openTemplateManagement' };
  if (task.oaContentId) {
    const type = task.type === 'OA_CONTENT_VIDEO' ? 'video' : 'post';
    return { href: `${tenantDetailPageHref(PAGES.oaContentDetail, task.oaContentId, tenantId)}&type=${type}`, labelKey: 'detail.openItem' };
  }
  if (task.oaBroadcastId) return { href: tenantDetailPageHref(PAGES.oaBroadcast, task.oaBroadcastId, tenantId), labelKey: 'detail.openItem' };
  return null;
}

/** /tenant/my-task/requests/{id} (§2.14): preview, submitted content, workflow timeline, information, counters; approve or reject. */
export function MyRequestDetailPage() {
  const { t } = useTranslation('tasks');
  const { id = '' } = useParams();
  const scope = useScope();
  const { can } = usePermissions();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const tenantId = scope.tenant?.id ?? '';
  const task = useTask(tenantId, id);
  const card = useTaskCard(tenantId);
  const decide = useDecideTask();
  const markViewed = useMarkTaskViewed();
  const [decision, setDecision] = useState<TaskDecision | null>(null);
  const marked = useRef<string | null>(null);
  useLiveTasks(tenantId);

  // Opened by address (a notification, a link): the task is marked viewed here as well, once.
  const data = task.data;
  useEffect(() => {
    if (data && data.status === 'new' && marked.current !== data.id) {
      marked.current = data.id;
      markViewed.mutate({ tenantId, id: data.id });
    }
  }, [data, markViewed, tenantId]);

  const back = (
    <Link to={tenantHref(PAGES.myRequests, tenantId)}>
      <Button icon={<ArrowLeftOutlined />}>{t('detail.back')}</Button>
    </Link>
  );

  if (task.isPending) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  if (task.isError) {
    const status = task.error instanceof ApiError ? task.error.status : 500;
    if (status === 404) return <ErrorResult status={404} message={t('detail.notFound')} />;
    if (status === 403) return <ErrorResult status={403} message={errorText(task.error)} />;
    return <ErrorResult status={500} message={errorText(task.error)} />;
  }
  const item = task.data;
  const own = itemHref(item, tenantId);
  const canSubmit = can('UPDATE_TENANT_TASK');

  const submit = (comment: string) => {
    if (!decision) return;
    const type = decision;
    decide.mutate(
      { tenantId, id: item.id, type, comment },
      {
        onSuccess: () => {
          void message.success(t(`decision.done${type}`));
          setDecision(null);
          // §4: the list refreshes after 3 seconds (detail and counters already did).
          setTimeout(() => void queryClient.invalidateQueries({ queryKey: tasksKey }), LIST_REFRESH_DELAY_MS);
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={
          <Flex gap={8} align="center" wrap>
            <Tag color={item.module === 'OA' ? 'blue' : 'purple'}>{t(`module.${item.module}`)}</Tag>
            <span data-testid="task-title">{item.name}</span>
          </Flex>
        }
        extra={
          <Flex gap={8} wrap>
            {back}
            {own ? (
              <Link to={own.href} data-testid="task-open-item">
                <Button>{t(own.labelKey)}</Button>
              </Link>
            ) : null}
            {canSubmit && item.abilities.reject ? (
              <Button danger onClick={() => setDecision('DISAPPROVAL')} data-testid="task-reject">
                {t('detail.reject')}
              </Button>
            ) : null}
            {canSubmit && item.abilities.approve ? (
              <Button type="primary" onClick={() => setDecision('APPROVAL')} data-testid="task-approve">
                {t('detail.approve')}
              </Button>
            ) : null}
          </Flex>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap={16}>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <TaskPreviewCard kind={item.type} preview={item.preview} />
              </Col>
              <Col xs={24} xl={12}>
                <SubmittedContentCard snapshot={item.snapshot} />
              </Col>
            </Row>
            <Card title={t('detail.info')} size="small" data-testid="task-info">
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 1, md: 2 }}
                items={[
                  { key: 'name', label: t('detail.name'), children: <span style={{ overflowWrap: 'anywhere' }}>{item.name}</span> },
                  { key: 'type', label: t('detail.type'), children: t(`kind.${item.type}`) },
                  { key: 'module', label: t('detail.module'), children: t(`module.${item.module}`) },
                  { key: 'status', label: t('detail.status'), children: <TaskStatusTag status={item.statusTask} /> },
                  { key: 'creator', label: t('detail.creator'), children: item.createdBy ? <UserCell user={item.createdBy} /> : '—' },
                  { key: 'createdAt', label: t('detail.createdAt'), children: formatDateTime(item.createdAt) },
                  ...(item.nextApprover ? [{ key: 'next', label: t('detail.nextApprover'), children: <UserCell user={item.nextApprover} /> }] : []),
                  ...(item.decidedAt ? [{ key: 'decidedAt', label: t('detail.decidedAt'), children: formatDateTime(item.decidedAt) }] : []),
                ]}
              />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap={16}>
            <ApproverTimeline entries={item.workFlowCurrent} />
            {/* The counters are a secondary call: a refusal shows a note, never an error page. */}
            <TaskCounterCard card={card.data} loading={card.isPending} failed={card.isError} />
          </Flex>
        </Col>
      </Row>
      <DecisionModal decision={decision} pending={decide.isPending} onSubmit={submit} onCancel={() => setDecision(null)} />
    </>
  );
}
