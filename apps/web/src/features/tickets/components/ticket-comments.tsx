import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Mentions from 'antd/es/mentions';
import Popconfirm from 'antd/es/popconfirm';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import Image from 'antd/es/image';
import Avatar from 'antd/es/avatar';
import App from 'antd/es/app';
import Empty from 'antd/es/empty';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { TICKET_COMMENT_FILES_MAX, TICKET_COMMENT_MAX, type TicketAssignees, type TicketComment } from '@zc/shared/api/tickets';
import { useCreateTicketComment, useDeleteTicketComment, useTicketComments, useUpdateTicketComment } from '../api/ticket-comments';
import { formatDateTime } from '../../../lib/formatters';
import { useErrorText } from '../../../lib/error-text';

/** Mentions picked in the text (`@Name`), as user ids of tenant members. */
function mentionedIds(text: string, people: TicketAssignees['users']): string[] {
  return people.filter((u) => text.includes(`@${u.displayName || u.email}`)).map((u) => u.id);
}

function CommentItem({ tenantId, comment }: { tenantId: string; comment: TicketComment }) {
  const { t } = useTranslation('tickets');
  const [editing, setEditing] = useState<string | null>(null);
  const update = useUpdateTicketComment();
  const remove = useDeleteTicketComment();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const name = comment.author?.displayName ?? t('comments.deletedUser');
  return (
    <Flex gap={12} align="flex-start" data-testid="ticket-comment" style={{ padding: '12px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
      <Avatar src={comment.author?.avatar ?? undefined}>{name.slice(0, 1).toUpperCase()}</Avatar>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={8} wrap align="baseline">
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(comment.createdAt)}
            {comment.updatedAt !== comment.createdAt ? ` · ${t('comments.edited')}` : ''}
          </Typography.Text>
        </Flex>
        {editing !== null ? (
          <Flex vertical gap={8} style={{ marginTop: 4 }}>
            <Input.TextArea value={editing} maxLength={TICKET_COMMENT_MAX} onChange={(e) => setEditing(e.target.value)} autoSize={{ minRows: 2 }} />
            <Flex gap={8}>
              <Button
                size="small"
                type="primary"
                loading={update.isPending}
                disabled={!editing.trim()}
                onClick={() =>
                  void update.mutateAsync({ tenantId, id: comment.id, body: editing.trim() }).then(
                    () => setEditing(null),
                    (e: unknown) => void message.error(errorText(e)),
                  )
                }
              >
                {t('common:save')}
              </Button>
              <Button size="small" onClick={() => setEditing(null)}>
                {t('common:cancel')}
              </Button>
            </Flex>
          </Flex>
        ) : (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '4px 0' }}>{comment.body}</Typography.Paragraph>
        )}
        {comment.attachments.length ? (
          <Image.PreviewGroup>
            <Flex gap={8} wrap>
              {comment.attachments.map((a) => (
                <Image key={a.url} src={a.url} alt={a.name} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} />
              ))}
            </Flex>
          </Image.PreviewGroup>
        ) : null}
        {comment.abilities.update && editing === null ? (
          <Flex gap={4} style={{ marginTop: 4 }}>
            <Button size="small" type="link" style={{ padding: 0 }} onClick={() => setEditing(comment.body)}>
              {t('comments.edit')}
            </Button>
            <Popconfirm title={t('comments.deleteTitle')} okText={t('common:confirm')} cancelText={t('common:cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync({ tenantId, id: comment.id }).catch((e: unknown) => void message.error(errorText(e)))}>
              <Button size="small" type="link" danger>
                {t('comments.delete')}
              </Button>
            </Popconfirm>
          </Flex>
        ) : null}
      </div>
    </Flex>
  );
}

/** The ticket's comments, oldest first, and (with abilities.comment) a composer with @mentions and up to five images. */
export function TicketComments({ tenantId, ticketId, canComment, people }: { tenantId: string; ticketId: string; canComment: boolean; people: TicketAssignees['users'] }) {
  const { t } = useTranslation('tickets');
  const comments = useTicketComments(tenantId, ticketId);
  const create = useCreateTicketComment();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const send = async () => {
    try {
      await create.mutateAsync({ tenantId, ticketId, body: text.trim(), mentions: mentionedIds(text, people), files });
      setText('');
      setFiles([]);
    } catch (e) {
      void message.error(errorText(e));
    }
  };
  const rows = comments.data?.data ?? [];
  return (
    <div data-testid="ticket-comments">
      {rows.length === 0 && !comments.isLoading ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('comments.empty')} /> : null}
      {rows.map((c) => (
        <CommentItem key={c.id} tenantId={tenantId} comment={c} />
      ))}
      {canComment ? (
        <Flex vertical gap={8} style={{ marginTop: 16 }}>
          <Mentions
            rows={3}
            value={text}
            onChange={setText}
            maxLength={TICKET_COMMENT_MAX}
            placeholder={t('comments.placeholder')}
            data-testid="ticket-comment-input"
            options={people.map((u) => ({ value: u.displayName || u.email, label: u.displayName || u.email, key: u.id }))}
          />
          <Flex gap={8} wrap justify="space-between" align="center">
            <Upload
              accept="image/png,image/jpeg"
              multiple
              maxCount={TICKET_COMMENT_FILES_MAX}
              fileList={files.map((f, i) => ({ uid: `${i}-${f.name}`, name: f.name, status: 'done' as const }))}
              beforeUpload={(file) => {
                setFiles((prev) => (prev.length < TICKET_COMMENT_FILES_MAX ? [...prev, file] : prev));
                return false;
              }}
              onRemove={(f) => setFiles((prev) => prev.filter((x, i) => `${i}-${x.name}` !== f.uid))}
            >
              <Button icon={<PaperClipOutlined />} disabled={files.length >= TICKET_COMMENT_FILES_MAX}>
                {t('comments.attach', { max: TICKET_COMMENT_FILES_MAX })}
              </Button>
            </Upload>
            <Button type="primary" onClick={() => void send()} loading={create.isPending} disabled={!text.trim()} data-testid="ticket-comment-send">
              {t('comments.send')}
            </Button>
          </Flex>
        </Flex>
      ) : null}
    </div>
  );
}
