import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { TaskDecision } from '../api/decide-task';

/** The note's ceiling (what the server stores with an approver's decision). */
export const NOTE_MAX = 1000;

/**
 * §5 approve/reject modal: the note is required ('please input note'); approving prefills it with
 * the word for approval, rejecting starts empty.
 */
export function DecisionModal({
  decision,
  pending,
  onSubmit,
  onCancel,
}: {
  decision: TaskDecision | null;
  pending: boolean;
  onSubmit: (comment: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('tasks');
  const [form] = Form.useForm<{ comment: string }>();
  useEffect(() => {
    if (decision) form.setFieldsValue({ comment: decision === 'APPROVAL' ? t('decision.approvedWord') : '' });
  }, [decision, form, t]);
  return (
    <Modal
      open={decision !== null}
      title={decision === 'DISAPPROVAL' ? t('decision.rejectTitle') : t('decision.approveTitle')}
      okText={decision === 'DISAPPROVAL' ? t('decision.reject') : t('decision.approve')}
      okButtonProps={{ danger: decision === 'DISAPPROVAL', loading: pending, ...{ 'data-testid': 'decision-submit' } }}
      cancelText={t('common:cancel')}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then((v) => onSubmit(v.comment.trim()))}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="decision-form">
        <Form.Item name="comment" label={t('decision.note')} rules={[{ required: true, whitespace: true, message: t('decision.noteRequired') }, { max: NOTE_MAX }]}>
          <Input.TextArea rows={4} maxLength={NOTE_MAX} showCount data-testid="decision-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
