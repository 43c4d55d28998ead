import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Typography from 'antd/es/typography';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import App from 'antd/es/app';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { CHAT_LIMITS, type CannedReply } from '@zc/shared/api/chat';
import { usePermissions } from '../../../lib/scope-context';
import { useErrorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/api-client';
import { isForbiddenError } from '../../../components/permission-alert';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from '../api/actions';

/** Same rule as the shared cannedReplyBody: letters, digits, - and _. */
const SHORTCUT = /^[\p{L}\p{N}_-]+$/u;

interface Values {
  shortcut: string;
  text: string;
}

function CannedForm({ tenantId, editing, existing, onDone }: { tenantId: string; editing: CannedReply | null; existing: CannedReply[]; onDone: () => void }) {
  const { t } = useTranslation('chat-composer');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const save = useSaveCannedReply(tenantId);
  const submit = async (v: Values) => {
    try {
      await save.mutateAsync({ id: editing?.id ?? null, body: { shortcut: v.shortcut.trim(), text: v.text.trim() } });
      void message.success(editing ? t('canned.updated') : t('canned.created'));
      form.resetFields();
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.fields.length) form.setFields(e.fields.map((x) => ({ name: x.path.split('.').pop() as keyof Values, errors: [errorText(e)] })));
      else void message.error(errorText(e));
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={editing ? { shortcut: editing.shortcut, text: editing.text } : { shortcut: '', text: '' }} onFinish={(v) => void submit(v)} data-testid="canned-form">
      <Form.Item
        name="shortcut"
        label={t('canned.shortcut')}
        extra={t('canned.shortcutHint')}
        rules={[
          { required: true, whitespace: true, message: t('canned.shortcutRequired') },
          { max: CHAT_LIMITS.cannedShortcut, message: t('canned.tooLong', { count: CHAT_LIMITS.cannedShortcut }) },
          { pattern: SHORTCUT, message: t('canned.shortcutRule') },
          {
            validator: async (_, v: string | undefined) => {
              const s = (v ?? '').trim().toLowerCase();
              if (s && existing.some((c) => c.id !== editing?.id && c.shortcut.toLowerCase() === s)) throw new Error(t('canned.shortcutTaken'));
            },
          },
        ]}
      >
        <Input prefix="/" maxLength={CHAT_LIMITS.cannedShortcut} data-testid="canned-shortcut" />
      </Form.Item>
      <Form.Item
        name="text"
        label={t('canned.text')}
        rules={[
          { required: true, whitespace: true, message: t('canned.textRequired') },
          { max: CHAT_LIMITS.cannedText, message: t('canned.tooLong', { count: CHAT_LIMITS.cannedText }) },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={CHAT_LIMITS.cannedText} showCount data-testid="canned-text" />
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onDone}>{t('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="canned-save">
          {t('save')}
        </Button>
      </div>
    </Form>
  );
}

/** Canned replies (issue 15 §4): the list with create, edit and delete; typed after "/" in the composer. */
export function CannedRepliesManager({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('chat-composer');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { can } = usePermissions();
  const canEdit = can('ACTION_ZALO_OA_CHAT');
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const list = useCannedReplies(tenantId, open);
  const remove = useDeleteCannedReply(tenantId);

  const onDelete = async (c: CannedReply) => {
    try {
      await remove.mutateAsync(c.id);
      void message.success(t('canned.deleted'));
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  const items = list.data ?? [];
  return (
    <>
      <Button icon={<MessageOutlined />} onClick={() => setOpen(true)} data-testid="canned-open">
        {t('canned.manage')}
      </Button>
      <Modal
        open={open}
        title={t('canned.title')}
        onCancel={() => {
          setOpen(false);
          setEditing(null);
        }}
        footer={null}
        width={640}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('canned.hint')}</Typography.Paragraph>
        {editing ? (
          <CannedForm key={editing === 'new' ? 'new' : editing.id} tenantId={tenantId} editing={editing === 'new' ? null : editing} existing={items} onDone={() => setEditing(null)} />
        ) : (
          <>
            {canEdit ? (
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }} data-testid="canned-add">
                {t('canned.add')}
              </Button>
            ) : null}
            {list.isPending ? (
              <Skeleton active paragraph={{ rows: 3 }} title={false} />
            ) : list.isError ? (
              <Typography.Text type={isForbiddenError(list.error) ? 'secondary' : 'danger'}>{isForbiddenError(list.error) ? t('canned.unavailable') : errorText(list.error)}</Typography.Text>
            ) : items.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('canned.empty')} />
            ) : (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '55vh', overflowY: 'auto' }} data-testid="canned-list">
                {items.map((c) => (
                  <li key={c.id} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Typography.Text strong>{`/${c.shortcut}`}</Typography.Text>
                      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                        {c.text}
                      </Typography.Paragraph>
                    </div>
                    {canEdit ? (
                      <>
                        <Button type="text" icon={<EditOutlined />} onClick={() => setEditing(c)} aria-label={t('canned.edit')} title={t('canned.edit')} />
                        <Popconfirm title={t('canned.confirmDelete', { shortcut: c.shortcut })} okText={t('delete')} cancelText={t('cancel')} okButtonProps={{ danger: true, loading: remove.isPending }} onConfirm={() => onDelete(c)}>
                          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} title={t('delete')} />
                        </Popconfirm>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Modal>
    </>
  );
}
