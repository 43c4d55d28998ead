import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import App from 'antd/es/app';
import { TICKET_DESCRIPTION_MAX, TICKET_PRIORITIES, TICKET_TITLE_MAX, type TicketAssignees, type TicketDetail, type TicketPriority } from '@zc/shared/api/tickets';
import { useCreateTicket } from '../api/create-ticket';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';
import { AssigneeSelect, assigneeFields, type AssigneeValue } from './assignee-select';

interface Values {
  title: string;
  description?: string;
  priority: TicketPriority;
  assignee?: AssigneeValue;
}

/** Raise a ticket: title, description, priority, assignee (a person or a team). */
export function CreateTicketDialog({ open, tenantId, assignees, onClose, onCreated }: { open: boolean; tenantId: string; assignees: TicketAssignees | undefined; onClose: () => void; onCreated: (t: TicketDetail) => void }) {
  const { t } = useTranslation('tickets');
  const [form] = Form.useForm<Values>();
  const create = useCreateTicket();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const created = await create.mutateAsync({ tenantId, body: { title: v.title.trim(), description: v.description ?? '', priority: v.priority, ...assigneeFields(v.assignee) } });
      void message.success(t('created', { number: created.number }));
      form.resetFields();
      onCreated(created);
    } catch (error) {
      if (!applyFieldErrors(form, error, ['title', 'description', 'priority'])) void message.error(errorText(error));
    }
  };
  return (
    <Modal open={open} title={t('create')} okText={t('createOk')} cancelText={t('common:cancel')} onOk={() => void submit()} onCancel={onClose} confirmLoading={create.isPending} destroyOnHidden width={560}>
      <Form form={form} layout="vertical" initialValues={{ priority: 'MEDIUM' }} data-testid="ticket-create-form">
        <Form.Item name="title" label={t('fields.title')} rules={[{ required: true, whitespace: true, message: t('rules.title') }, { max: TICKET_TITLE_MAX }]}>
          <Input maxLength={TICKET_TITLE_MAX} showCount data-testid="ticket-title" />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={[{ max: TICKET_DESCRIPTION_MAX }]}>
          <Input.TextArea rows={4} maxLength={TICKET_DESCRIPTION_MAX} data-testid="ticket-description" />
        </Form.Item>
        <Form.Item name="priority" label={t('fields.priority')} rules={[{ required: true }]}>
          <Select data-testid="ticket-priority" options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} />
        </Form.Item>
        <Form.Item name="assignee" label={t('fields.assignee')}>
          <AssigneeSelect options={assignees} testId="ticket-assignee" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
