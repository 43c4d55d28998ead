import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { REPORT_FORMATS, REPORT_FREQUENCIES, REPORT_GROUP_BYS, REPORT_SCHEDULE_MAX_RECIPIENTS } from '@zc/shared/api/report-rules';
import type { ReportSchedule, ReportScheduleBody } from '@zc/shared/api/reports';
import { ConfirmButton } from '../../../components/confirm-button';
import { isForbiddenError, PermissionAlert } from '../../../components/permission-alert';
import { useErrorText } from '../../../lib/error-text';
import { applyFieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/formatters';
import { useReportSchedules, useScheduleMutations } from '../api/reports-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type FormValues = Required<ReportScheduleBody>;

/** The tenant's report mails: list, add, edit, delete (with confirmation). */
export function SchedulesCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const list = useReportSchedules(tenantId);
  const { save, remove } = useScheduleMutations(tenantId);
  const [editing, setEditing] = useState<ReportSchedule | 'new' | null>(null);

  if (isForbiddenError(list.error)) return <PermissionAlert what={t('what.schedules')} />;
  return (
    <Card
      size="small"
      title={t('schedules.title')}
      extra={
        <Button type="primary" size="small" onClick={() => setEditing('new')} data-testid="report-schedule-add">
          {t('schedules.add')}
        </Button>
      }
      data-testid="report-schedules"
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {t('schedules.intro')}
      </Typography.Paragraph>
      <List<ReportSchedule>
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('schedules.empty') }}
        renderItem={(s) => (
          <List.Item
            data-testid="report-schedule"
            style={{ flexWrap: 'wrap', gap: 8 }}
            actions={[
              s.abilities.update ? (
                <Button key="edit" size="small" onClick={() => setEditing(s)} data-testid="report-schedule-edit">
                  {t('schedules.edit')}
                </Button>
              ) : null,
              s.abilities.delete ? (
                <ConfirmButton
                  key="delete"
                  size="small"
                  title={t('schedules.deleteConfirm')}
                  description={t('schedules.deleteText')}
                  loading={remove.isPending && remove.variables === s.id}
                  onConfirm={() =>
                    remove.mutateAsync(s.id).then(
                      () => void message.success(t('schedules.deleted')),
                      (err: unknown) => void message.error(errorText(err)),
                    )
                  }
                  data-testid="report-schedule-delete"
                >
                  {t('schedules.delete')}
                </ConfirmButton>
              ) : null,
            ].filter(Boolean)}
          >
            <List.Item.Meta
              title={
                <Space wrap size={4}>
                  <Tag color="blue">{t(`schedules.frequencies.${s.frequency}`)}</Tag>
                  <Tag>{s.format.toUpperCase()}</Tag>
                  <Tag>{t(`groupBy.${s.groupBy}`)}</Tag>
                </Space>
              }
              description={
                <div style={{ overflowWrap: 'anywhere' }}>
                  <div>{s.recipients.join(', ')}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('schedules.lastSent')}: {s.lastSentAt ? formatDateTime(s.lastSentAt) : t('schedules.never')}
                  </Typography.Text>
                  {s.lastError ? (
                    <div>
                      <Typography.Text type="danger" style={{ fontSize: 12 }}>
                        {t('schedules.lastError')}
                      </Typography.Text>
                    </div>
                  ) : null}
                </div>
              }
            />
          </List.Item>
        )}
      />
      {editing ? (
        <ScheduleDialog
          schedule={editing === 'new' ? null : editing}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={async (body, form) => {
            try {
              await save.mutateAsync({ id: editing === 'new' ? null : editing.id, body });
              void message.success(t('schedules.saved'));
              setEditing(null);
            } catch (err) {
              if (!applyFieldErrors(form, err, ['frequency', 'recipients', 'format', 'groupBy', 'lang'])) void message.error(errorText(err));
            }
          }}
        />
      ) : null}
    </Card>
  );
}

function ScheduleDialog({
  schedule,
  saving,
  onCancel,
  onSave,
}: {
  schedule: ReportSchedule | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (body: FormValues, form: ReturnType<typeof Form.useForm<FormValues>>[0]) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('reports');
  const [form] = Form.useForm<FormValues>();
  const initial: FormValues = schedule
    ? { frequency: schedule.frequency, recipients: schedule.recipients, format: schedule.format, groupBy: schedule.groupBy, lang: schedule.lang }
    : { frequency: 'WEEKLY', recipients: [], format: 'xlsx', groupBy: 'day', lang: i18n.language.startsWith('vi') ? 'vi' : 'en' };
  return (
    <Modal
      open
      title={t(schedule ? 'schedules.editTitle' : 'schedules.createTitle')}
      okText={t('schedules.save')}
      cancelText={t('schedules.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then((v) => onSave(v, form), () => undefined)}
      destroyOnHidden
      data-testid="report-schedule-dialog"
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="frequency" label={t('schedules.frequency')}>
          <Segmented options={REPORT_FREQUENCIES.map((f) => ({ value: f, label: t(`schedules.frequencies.${f}`) }))} />
        </Form.Item>
        <Form.Item
          name="recipients"
          label={t('schedules.recipients')}
          extra={t('schedules.recipientsHint', { max: REPORT_SCHEDULE_MAX_RECIPIENTS })}
          rules={[
            {
              validator: async (_, v: string[] | undefined) => {
                const list = v ?? [];
                if (list.length === 0) throw new Error(t('schedules.recipientsRequired'));
                if (list.length > REPORT_SCHEDULE_MAX_RECIPIENTS) throw new Error(t('schedules.recipientsMax', { max: REPORT_SCHEDULE_MAX_RECIPIENTS }));
                const bad = list.find((e) => !EMAIL.test(e));
                if (bad) throw new Error(t('schedules.recipientsInvalid', { email: bad }));
              },
            },
          ]}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', ' ', ';']} aria-label={t('schedules.recipients')} data-testid="report-schedule-recipients" />
        </Form.Item>
        <Form.Item name="format" label={t('schedules.format')}>
          <Segmented options={REPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))} />
        </Form.Item>
        <Form.Item name="groupBy" label={t('schedules.groupBy')}>
          <Select options={REPORT_GROUP_BYS.map((g) => ({ value: g, label: t(`groupBy.${g}`) }))} />
        </Form.Item>
        <Form.Item name="lang" label={t('schedules.lang')}>
          <Segmented options={(['vi', 'en'] as const).map((l) => ({ value: l, label: t(`schedules.langs.${l}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
