import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import type { TableProps } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { Rule } from '@zc/shared/api/zma-draw';
import { DataTable } from '../../components/data-table';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { isForbiddenError } from '../../components/permission-alert';
import { useErrorText } from '../../lib/error-text';
import { useDrawScope } from '../../features/zma-draw/use-draw-scope';
import { useAllDraws, useDeleteRule, useRules } from '../../features/zma-draw/api/zma-draw';
import { StatusTag } from '../../features/zma-draw/components/labels';
import { RuleFormDialog, WEEK_ORDER } from '../../features/zma-draw/components/rule-form-dialog';
import { RuleTester } from '../../features/zma-draw/components/rule-tester';
import { DrawSectionTabs } from '../../features/zma-draw/components/section-tabs';
import { useConfirmDelete } from '../../features/zma-draw/use-confirm-delete';

/** /tenant/mini-app/{id}/rule (§2.1): who may play and how often, and the rule tester. */
export function ZmaRulesPage() {
  const { t } = useTranslation('zma-draw');
  const askDelete = useConfirmDelete();
  const errorText = useErrorText();
  const { zmaAppId, can } = useDrawScope();
  const [drawId, setDrawId] = useState<string | undefined>();
  const [editing, setEditing] = useState<Rule | null>(null);
  const [open, setOpen] = useState(false);
  const rules = useRules(zmaAppId, drawId);
  const draws = useAllDraws(zmaAppId);
  const remove = useDeleteRule();

  if (rules.error && isForbiddenError(rules.error)) return <ErrorResult status={403} />;

  const edit = (r: Rule | null) => {
    setEditing(r);
    setOpen(true);
  };
  const confirmDelete = (r: Rule) => askDelete({ title: 'delete.ruleTitle', body: 'delete.ruleBody', done: 'messages.ruleDeleted' }, r.name, () => remove.mutateAsync(r.id));

  const columns: TableProps<Rule>['columns'] = [
    { key: 'name', title: t('rules.fields.name'), render: (_, r) => <span data-testid="rule-row-name">{r.name}</span> },
    { key: 'draw', title: t('rules.fields.draw'), render: (_, r) => r.drawName ?? t('rules.allDraws') },
    { key: 'condition', title: t('rules.fields.conditionType'), render: (_, r) => <Tag color="blue">{t(`condition.${r.conditionType}.label`)}</Tag> },
    {
      key: 'value',
      title: t('rules.fields.value'),
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{t(`condition.${r.conditionType}.summary`, { count: r.value, period: t(`frequency.${r.frequency}`) })}</span>,
    },
    {
      key: 'when',
      title: t('rules.fields.weekdays'),
      render: (_, r) => (r.weekdays.length === 0 || r.weekdays.length === 7 ? t('rules.everyDay') : WEEK_ORDER.filter((d) => r.weekdays.includes(d)).map((d) => t(`weekdayShort.${d}`)).join(', ')),
    },
    { key: 'gender', title: t('rules.fields.gender'), render: (_, r) => t(`gender.${r.gender}`) },
    { key: 'status', title: t('fields.status'), render: (_, r) => <StatusTag status={r.status} /> },
    {
      key: 'actions',
      title: '',
      render: (_, r) => (
        <Space size={4}>
          {can('UPDATE_ZMA_GAME') ? (
            <Button size="small" onClick={() => edit(r)} data-testid={`rule-edit-${r.id}`}>
              {t('common:edit')}
            </Button>
          ) : null}
          {can('DELETE_ZMA_GAME') ? (
            <Button size="small" danger onClick={() => confirmDelete(r)} data-testid={`rule-delete-${r.id}`}>
              {t('actions.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('rules.title')}
        extra={
          can('CREATE_ZMA_GAME') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="rule-create">
              {t('rules.create')}
            </Button>
          ) : null
        }
      />
      <DrawSectionTabs active="rules" />
      <Flex vertical gap={16}>
        <Card>
          <Flex gap={12} wrap style={{ marginBottom: 16 }}>
            <Select allowClear placeholder={t('rules.filterDraw')} aria-label={t('rules.filterDraw')} style={{ width: 240, maxWidth: '100%' }} value={drawId} onChange={setDrawId} options={(draws.data ?? []).map((d) => ({ value: d.id, label: d.name }))} data-testid="rule-draw-filter" />
          </Flex>
          {rules.isError ? (
            <ErrorResult status={500} message={errorText(rules.error)} />
          ) : (
            <DataTable<Rule> rowKey="id" data-testid="rules-table" columns={columns} dataSource={rules.data ?? []} loading={rules.isFetching} locale={{ emptyText: t('rules.empty') }} />
          )}
        </Card>
        <RuleTester draws={draws.data ?? []} rules={rules.data ?? []} />
      </Flex>
      <RuleFormDialog open={open} rule={editing} draws={draws.data ?? []} onClose={() => setOpen(false)} />
    </>
  );
}
