import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Input from 'antd/es/input';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import Button from 'antd/es/button';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Progress from 'antd/es/progress';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import Grid from 'antd/es/grid';
import SendOutlined from '@ant-design/icons/SendOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { CHAT_LIMITS, type ChatMessage, type Conversation } from '@zc/shared/api/chat';
import type { OaMessage } from '@zc/shared/api/messaging';
import { usePermissions } from '../../../lib/scope-context';
import { useErrorText } from '../../../lib/error-text';
import { announceTyping, UploadRefused, uploadChatFile, useCannedReplies, useSendMessage, useSendNote } from '../api/actions';
import { cannedQuery, insertAt, insertCanned, matchCanned, UPLOAD_ACCEPT, type UploadProblem } from './composer-model';
import { useWindowState, WindowBanner } from './composer-window-banner';
import { EmojiPicker } from './composer-emoji';
import { StickerPicker } from './sticker-picker';
import { ComposerMore } from './composer-more';

const MB = 1024 * 1024;

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** What the quoted message shows above the input. */
function quoteText(m: ChatMessage, kindLabel: (k: string) => string): string {
  return m.text?.trim() ? m.text : kindLabel(m.kind);
}

/**
 * The composer (issue 15 §3): text (2000) with emoji, uploads with progress, stickers, quote-reply,
 * canned replies after "/", request-user-info / transaction / promotion messages, internal notes,
 * and Zalo's customer-service window above the input. Each send carries a fresh clientMessageId, so
 * a double click or a retry of a lost answer sends once. The conversation view (web-inbox) shows the
 * message: it refetches on the invalidation here and on `chat.message`.
 */
export function Composer({ tenantId, conversation, quote, onClearQuote }: { tenantId: string; conversation: Conversation; quote: ChatMessage | null; onClearQuote: () => void }) {
  const { t } = useTranslation('chat-composer');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { can } = usePermissions();
  const canAct = can('ACTION_ZALO_OA_CHAT');
  const narrow = Grid.useBreakpoint().sm === false;
  const csWindow = useWindowState(conversation);
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [noteMode, setNoteMode] = useState(false);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [cannedIndex, setCannedIndex] = useState(0);
  const [cannedClosed, setCannedClosed] = useState(false);
  /** The pending send's id per conversation: kept until the server answered, so a repeat sends once. */
  const draftIds = useRef(new Map<string, string>());
  const [draftFor, setDraftFor] = useState(conversation.id);
  const area = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const noteInFlight = useRef(false);
  const send = useSendMessage(tenantId, conversation.id);
  const note = useSendNote(tenantId, conversation.id);
  const canned = useCannedReplies(tenantId, canAct);

  // Another conversation: a fresh draft.
  if (draftFor !== conversation.id) {
    setDraftFor(conversation.id);
    setText('');
    setCaret(0);
    setNoteMode(false);
    setUpload(null);
  }

  const query = cannedClosed ? null : cannedQuery(text, caret);
  const matches = useMemo(() => (query && canned.data ? matchCanned(canned.data, query.query) : []), [query, canned.data]);
  const showCanned = Boolean(query) && canAct;

  if (!canAct) {
    return (
      <div style={{ borderTop: '1px solid #f0f0f0', padding: 12 }}>
        <Alert type="info" showIcon title={t('readOnly')} data-testid="chat-composer-readonly" />
      </div>
    );
  }

  const blocked = !noteMode && (conversation.isGroup || csWindow.state === 'closed' || csWindow.state === 'none');
  const busy = send.isPending || note.isPending || upload !== null;

  const kindLabel = (k: string) => t(`kinds.${k}`, { defaultValue: k });

  /** Sends one OA message with the draft's id; a new id only once the server answered. */
  const sendMessage = async (m: OaMessage): Promise<boolean> => {
    if (send.isPending) return false;
    const id = draftIds.current.get(conversation.id) ?? newId();
    draftIds.current.set(conversation.id, id);
    try {
      await send.mutateAsync({ clientMessageId: id, message: m });
      draftIds.current.delete(conversation.id);
      return true;
    } catch (e) {
      void message.error(`${t('sendFailed')}: ${errorText(e)}`);
      return false;
    }
  };

  const submit = async () => {
    const body = text.trim();
    if (!body || busy || noteInFlight.current) return;
    if (noteMode) {
      // A note has no client id: one request at a time, so a double Enter adds it once.
      noteInFlight.current = true;
      try {
        await note.mutateAsync(body);
        setText('');
      } catch (e) {
        void message.error(`${t('noteFailed')}: ${errorText(e)}`);
      } finally {
        noteInFlight.current = false;
      }
      return;
    }
    if (blocked) return;
    const m: OaMessage = quote?.zaloMsgId ? { kind: 'quote', text: body, quoteMessageId: quote.zaloMsgId } : { kind: 'text', text: body };
    if (await sendMessage(m)) {
      setText('');
      setCaret(0);
      if (quote) onClearQuote();
    }
  };

  const pickCanned = (index: number) => {
    const reply = matches[index];
    if (!reply) return;
    const next = insertCanned(text, caret, reply);
    setText(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      const el = area.current?.resizableTextArea?.textArea;
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (showCanned && matches.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setCannedIndex((i) => (i + step + matches.length) % matches.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pickCanned(Math.min(cannedIndex, matches.length - 1));
        return;
      }
    }
    if (showCanned && e.key === 'Escape') {
      e.preventDefault();
      setCannedClosed(true);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };

  const problemText = (p: UploadProblem) =>
    p === 'type' ? t('upload.type') : p === 'empty' ? t('upload.empty') : t('upload.size', { count: (p === 'imageSize' ? CHAT_LIMITS.imageBytes : p === 'gifSize' ? CHAT_LIMITS.gifBytes : CHAT_LIMITS.fileBytes) / MB });

  const onFile = async (file: File | undefined) => {
    if (!file || busy) return;
    setUpload({ name: file.name, percent: 0 });
    try {
      const r = await uploadChatFile(tenantId, conversation.zaloOAId, file, (percent) => setUpload({ name: file.name, percent }));
      setUpload(null);
      // Zalo gets the attachment id; the url (our copy) only lets the conversation show the image.
      const url = new URL(r.url, document.baseURI).href;
      const m: OaMessage =
        r.type === 'file'
          ? { kind: 'file', token: r.token ?? '' }
          : r.type === 'gif' && r.width && r.height
            ? { kind: 'gif', attachmentId: r.attachmentId ?? '', url, width: r.width, height: r.height }
            : { kind: 'image', attachmentId: r.attachmentId ?? '', url };
      await sendMessage(m);
    } catch (e) {
      setUpload(null);
      void message.error(e instanceof UploadRefused ? problemText(e.problem) : `${t('upload.failed')}: ${errorText(e)}`);
    }
  };

  const pickFile = (accept: string) => {
    const input = fileInput.current;
    if (!input) return;
    input.accept = accept;
    input.value = '';
    input.click();
  };

  const insertEmoji = (emoji: string) => {
    const el = area.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = insertAt(text, start, end, emoji);
    setText(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  const inputDisabled = blocked;
  const tools = !noteMode && !inputDisabled;

  return (
    <div style={{ borderTop: '1px solid #f0f0f0', background: noteMode ? '#fffbe6' : '#fff' }} data-testid="chat-composer">
      {noteMode ? <Alert type="warning" banner showIcon title={t('note.banner')} /> : conversation.isGroup ? <Alert type="info" banner showIcon title={t('groupUnsupported')} data-testid="chat-group-note" /> : <WindowBanner state={csWindow} />}
      <input ref={fileInput} type="file" hidden aria-hidden tabIndex={-1} data-testid="chat-file-input" onChange={(e) => void onFile(e.currentTarget.files?.[0])} />
      <div style={{ padding: '8px 12px 12px' }}>
        {quote && !noteMode ? (
          <div data-testid="chat-quote" style={{ display: 'flex', alignItems: 'flex-start', gap: 8, borderLeft: '3px solid #1677ff', background: '#f5f5f5', padding: '4px 8px', marginBottom: 8, borderRadius: 4 }}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('quote.replyingTo', { name: quote.direction === 'IN' ? conversation.displayName : (quote.author?.displayName ?? conversation.zaloOA.name) })}
              </Typography.Text>
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                {quoteText(quote, kindLabel)}
              </Typography.Paragraph>
              {!quote.zaloMsgId ? <Typography.Text type="warning" style={{ fontSize: 12 }}>{t('quote.unknown')}</Typography.Text> : null}
            </div>
            <Button type="text" size="small" icon={<CloseOutlined />} onClick={onClearQuote} aria-label={t('quote.cancel')} title={t('quote.cancel')} />
          </div>
        ) : null}
        {upload ? (
          <div data-testid="chat-upload-progress" style={{ marginBottom: 8 }}>
            <Typography.Text ellipsis style={{ display: 'block', fontSize: 12 }}>
              {t('upload.progress', { name: upload.name })}
            </Typography.Text>
            <Progress percent={upload.percent} size="small" status="active" />
          </div>
        ) : null}
        <div style={{ position: 'relative' }}>
          {showCanned ? (
            <div
              role="listbox"
              aria-label={t('canned.title')}
              data-testid="chat-canned-list"
              style={{ position: 'absolute', bottom: '100%', left: 0, right: 0, marginBottom: 4, background: '#fff', border: '1px solid #d9d9d9', borderRadius: 6, boxShadow: '0 6px 16px rgba(0,0,0,.12)', maxHeight: 220, overflowY: 'auto', zIndex: 10 }}
            >
              {canned.isPending ? (
                <Typography.Text type="secondary" style={{ display: 'block', padding: 8 }}>{t('loading')}</Typography.Text>
              ) : canned.isError ? (
                <Typography.Text type="secondary" style={{ display: 'block', padding: 8 }}>{t('canned.unavailable')}</Typography.Text>
              ) : matches.length === 0 ? (
                <Typography.Text type="secondary" style={{ display: 'block', padding: 8 }}>{t('canned.none')}</Typography.Text>
              ) : (
                matches.map((c, i) => (
                  <div
                    key={c.id}
                    role="option"
                    aria-selected={i === cannedIndex}
                    onMouseDown={(e) => {
                      e.preventDefault();
                      pickCanned(i);
                    }}
                    onMouseEnter={() => setCannedIndex(i)}
                    style={{ padding: '6px 10px', cursor: 'pointer', background: i === cannedIndex ? '#e6f4ff' : undefined }}
                  >
                    <Typography.Text strong>{`/${c.shortcut}`}</Typography.Text>
                    <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                      {c.text}
                    </Typography.Text>
                  </div>
                ))
              )}
            </div>
          ) : null}
          <Input.TextArea
            ref={area}
            value={text}
            disabled={inputDisabled && !noteMode}
            maxLength={noteMode ? CHAT_LIMITS.note : CHAT_LIMITS.text}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={noteMode ? t('note.placeholder') : inputDisabled ? t('disabledPlaceholder') : t('placeholder')}
            aria-label={noteMode ? t('note.placeholder') : t('placeholder')}
            data-testid="chat-input"
            onChange={(e) => {
              setText(e.target.value);
              setCaret(e.target.selectionStart ?? e.target.value.length);
              setCannedIndex(0);
              setCannedClosed(false);
              if (!noteMode) announceTyping(conversation.id);
            }}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
            onKeyDown={onKeyDown}
            onBlur={() => setCannedClosed(true)}
            onFocus={() => setCannedClosed(false)}
          />
        </div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 2, marginTop: 16, flexWrap: 'wrap' }}>
          <EmojiPicker disabled={inputDisabled && !noteMode} onPick={insertEmoji} />
          {!noteMode ? (
            <>
              <StickerPicker tenantId={tenantId} disabled={!tools || busy} onPick={(s) => void sendMessage({ kind: 'sticker', attachmentId: s.zaloStickerId })} />
              <Button type="text" icon={<PictureOutlined />} aria-label={t('upload.image')} title={t('upload.image')} disabled={!tools || busy} onClick={() => pickFile(UPLOAD_ACCEPT.image)} data-testid="chat-upload-image" />
              <Button type="text" icon={<PaperClipOutlined />} aria-label={t('upload.file')} title={t('upload.file')} disabled={!tools || busy} onClick={() => pickFile(UPLOAD_ACCEPT.file)} data-testid="chat-upload-file" />
              <ComposerMore disabled={!tools || busy} sending={send.isPending} onSend={sendMessage} />
            </>
          ) : null}
          <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginLeft: 'auto', marginRight: narrow ? 4 : 8, fontSize: 13, cursor: 'pointer' }}>
            <Switch size="small" checked={noteMode} onChange={setNoteMode} data-testid="chat-note-toggle" />
            {t('note.toggle')}
          </label>
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={() => void submit()}
            loading={send.isPending || note.isPending}
            disabled={!text.trim() || (blocked && !noteMode) || upload !== null}
            aria-label={noteMode ? t('note.add') : t('send')}
            title={t('sendHint')}
            data-testid="chat-send"
          >
            {narrow ? null : noteMode ? t('note.add') : t('send')}
          </Button>
        </div>
      </div>
    </div>
  );
}
