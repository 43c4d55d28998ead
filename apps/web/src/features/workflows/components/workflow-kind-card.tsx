import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { MAX_WORKFLOW_APPROVERS } from '@zc/shared/api/approvals';
import { useErrorText } from '../../../lib/error-text';
import type { ApprovalWorkflow } from '../api/get-workflows';
import type { ApproverCandidate } from '../api/get-approver-candidates';
import { useDeleteWorkflow, useSaveWorkflow } from '../api/save-workflow';
import { moveItem, orderChanged } from './approver-order';

interface Props {
  tenantId: string;
  teamId: string | null;
  workflow: ApprovalWorkflow;
  candidates: ApproverCandidate[];
  /** False while the members call is refused or failed: approvers can be reordered or removed, not added. */
  canAdd: boolean;
}

/**
 * One kind's workflow: the ordered approvers (add, remove, move up/down with buttons or Alt+↑/↓ on a
 * row), save, and delete after a confirmation. An empty list means approved on submission.
 */
export function WorkflowKindCard({ tenantId, teamId, workflow, candidates, canAdd }: Props) {
  const { t } = useTranslation('workflow');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const save = useSaveWorkflow();
  const remove = useDeleteWorkflow();
  const saved = workflow.approvers.map((a) => a.id);
  const [draft, setDraft] = useState<string[] | null>(null);
  const ids = draft ?? saved;
  const people = new Map<string, ApproverCandidate>([...candidates, ...workflow.approvers].map((p) => [p.id, p]));
  const editable = workflow.abilities.update;
  const dirty = draft !== null && orderChanged(draft, saved);
  const full = ids.length >= MAX_WORKFLOW_APPROVERS;

  const move = (index: number, delta: -1 | 1) => setDraft(moveItem(ids, index, delta));
  const onRowKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? -1 : 1);
  };

  const onSave = () =>
    save.mutate(
      { tenantId, body: { kind: workflow.kind, teamId, approverIds: ids } },
      {
        onSuccess: () => {
          setDraft(null);
          void message.success(t('saved'));
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  const onDelete = () =>
    remove.mutate(
      { tenantId, kind: workflow.kind, teamId },
      {
        onSuccess: () => {
          setDraft(null);
          void message.success(t('deleted'));
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );

  return (
    <Card
      size="small"
      data-testid={`workflow-${workflow.kind}`}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{t(`kind.${workflow.kind}`)}</span>
          {workflow.configured ? null : <Tag>{t('notConfigured')}</Tag>}
        </Flex>
      }
    >
      {ids.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('approvers')}>
          {ids.map((id, index) => {
            const person = people.get(id);
            return (
              <li
                key={id}
                tabIndex={editable ? 0 : -1}
                onKeyDown={(e) => editable && onRowKey(e, index)}
                aria-label={t('rowLabel', { position: index + 1, name: person?.displayName ?? id })}
                data-testid={`workflow-${workflow.kind}-approver-${index}`}
                style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 0', borderBottom: '1px solid #f0f0f0', minWidth: 0 }}
              >
                <Typography.Text type="secondary" style={{ width: 20, flex: 'none' }}>
                  {index + 1}
                </Typography.Text>
                <Avatar size="small" src={person?.avatar ?? undefined} icon={<UserOutlined />} style={{ flex: 'none' }} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div style={{ overflowWrap: 'anywhere' }}>{person?.displayName || '—'}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                    {person?.email ?? id}
                  </Typography.Text>
                </div>
                {editable ? (
                  <Flex gap={4} style={{ flex: 'none' }}>
                    <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('moveUp')} disabled={index === 0} onClick={() => move(index, -1)} />
                    <Button size="small" icon={<ArrowDownOutlined />} aria-label={t('moveDown')} disabled={index === ids.length - 1} onClick={() => move(index, 1)} />
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('remove')} onClick={() => setDraft(ids.filter((x) => x !== id))} />
                  </Flex>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {editable ? (
        <Flex gap={8} wrap style={{ marginTop: 12 }}>
          <Select
            showSearch
            aria-label={t('add')}
            placeholder={full ? t('full', { max: MAX_WORKFLOW_APPROVERS }) : t('add')}
            disabled={!canAdd || full}
            value={null}
            style={{ flex: '1 1 200px', minWidth: 0 }}
            optionFilterProp="label"
            options={candidates.filter((c) => !ids.includes(c.id)).map((c) => ({ value: c.id, label: `${c.displayName || c.email} (${c.email})` }))}
            onChange={(id: string | null) => id && setDraft([...ids, id])}
            data-testid={`workflow-${workflow.kind}-add`}
          />
          <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={onSave} data-testid={`workflow-${workflow.kind}-save`}>
            {t('save')}
          </Button>
          {workflow.configured && workflow.abilities.delete ? (
            <Popconfirm
              title={t('deleteTitle')}
              description={t('deleteText', { kind: t(`kind.${workflow.kind}`) })}
              okText={t('common:confirm')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={onDelete}
            >
              <Button danger loading={remove.isPending} data-testid={`workflow-${workflow.kind}-delete`}>
                {t('delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ) : null}
    </Card>
  );
}
