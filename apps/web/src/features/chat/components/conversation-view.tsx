import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import type { ChatMessage, ChatReaction, Conversation } from '@zc/shared/api/chat';
import { flattenMessages, useDeleteNote, useLiveMessages, useMarkRead, useMessages, useReactMessage, useRetryMessage } from '../api/inbox';
import { usePermissions } from '../../../lib/scope-context';
import { useErrorText } from '../../../lib/error-text';
import { MessageBubble } from './message-bubble';
import { dayLabel, sameDay } from './inbox-time';

/** How close to the bottom (px) still counts as "at the bottom". */
const NEAR = 60;

/**
 * The open conversation's messages (issue 15): oldest at the top, older pages loaded when scrolled to
 * the top (the position kept), day separators, every §3 kind, OUT states with Zalo's reason and a
 * retry, reactions and a menu per message. Opens at the bottom and follows new messages while the
 * reader is there (a "new messages" pill otherwise); marks the conversation read while it is visible.
 */
export function ConversationView({ tenantId, conversation, onQuote }: { tenantId: string; conversation: Conversation; onQuote: (m: ChatMessage) => void }) {
  const { t, i18n } = useTranslation('chat-inbox');
  const { message: toast, modal } = App.useApp();
  const errorText = useErrorText();
  const { can } = usePermissions();
  const canAct = can('ACTION_ZALO_OA_CHAT');
  const id = conversation.id;
  const query = useMessages(tenantId, id);
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const importing = query.data?.pages[0]?.meta.importing ?? false;
  const markRead = useMarkRead(tenantId);
  const retry = useRetryMessage(tenantId);
  const react = useReactMessage(tenantId);
  const deleteNote = useDeleteNote(tenantId);

  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const restore = useRef<{ height: number; top: number } | null>(null);
  const openedFor = useRef<string | null>(null);
  const newest = useRef<string | null>(null);
  // Messages that arrived below while the reader was scrolled up (per conversation: a switch starts at none).
  const [unseenState, setUnseenState] = useState({ id, count: 0 });
  const unseen = unseenState.id === id ? unseenState.count : 0;
  const setUnseen = useCallback((next: (n: number) => number) => setUnseenState((s) => ({ id, count: next(s.id === id ? s.count : 0) })), [id]);

  // Mark read: on open, when a follower writes while the conversation is open, when the tab comes back.
  const reading = useRef(false);
  const unreadRef = useRef(conversation.unreadCount);
  useEffect(() => {
    unreadRef.current = conversation.unreadCount;
  });
  const { mutate: markReadMutate } = markRead;
  const requestRead = useCallback(() => {
    if (reading.current || typeof document === 'undefined' || document.visibilityState !== 'visible') return;
    reading.current = true;
    markReadMutate(id, { onSettled: () => (reading.current = false) });
  }, [id, markReadMutate]);
  useEffect(() => {
    if (conversation.unreadCount > 0) requestRead();
  }, [conversation.unreadCount, requestRead]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && unreadRef.current > 0) requestRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [requestRead]);
  useLiveMessages(tenantId, id, requestRead);

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(() => 0);
  }, [setUnseen]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadOlder = useCallback(() => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    restore.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR;
    if (atBottom.current && unseen) setUnseen(() => 0);
    if (el.scrollTop < 80) loadOlder();
  };

  const oldestId = messages[0]?.id ?? null;
  const newestMessage = messages.length ? messages[messages.length - 1] : null;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || messages.length === 0) return;
    if (openedFor.current !== id) {
      // Opened (or another conversation): start at the bottom.
      openedFor.current = id;
      newest.current = newestMessage?.id ?? null;
      restore.current = null;
      scrollToBottom();
      return;
    }
    if (restore.current) {
      // Older messages went in above: keep what the reader was looking at where it was.
      const { height, top } = restore.current;
      restore.current = null;
      el.scrollTop = el.scrollHeight - height + top;
    }
    if (newestMessage && newestMessage.id !== newest.current) {
      const previous = newest.current;
      newest.current = newestMessage.id;
      const mine = newestMessage.direction !== 'IN' && newestMessage.status !== 'SEEN';
      if (atBottom.current || mine) scrollToBottom();
      else if (previous !== null) {
        const from = messages.findIndex((m) => m.id === previous);
        setUnseen((n) => n + (from >= 0 ? messages.length - 1 - from : 1));
      }
    }
  }, [id, oldestId, newestMessage, messages, scrollToBottom, setUnseen]);

  // Pictures and players growing after they load keep a reader at the bottom there.
  useEffect(() => {
    const el = content.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A first page that does not fill the pane has no scrollbar to reach the top with: read older ones at once.
  useEffect(() => {
    const el = scroller.current;
    if (el && hasNextPage && !isFetchingNextPage && el.scrollHeight <= el.clientHeight + 10) loadOlder();
  }, [messages.length, hasNextPage, isFetchingNextPage, loadOlder]);

  const onReact = (m: ChatMessage, icon: ChatReaction) => react.mutate({ message: m, icon }, { onError: (e) => void toast.error(errorText(e)) });
  const onRetry = (m: ChatMessage) => retry.mutate(m, { onError: (e) => void toast.error(errorText(e)) });
  const onDeleteNote = (m: ChatMessage) => {
    void modal.confirm({
      title: t('note.deleteTitle'),
      content: t('note.deleteText'),
      okText: t('note.delete'),
      okButtonProps: { danger: true },
      cancelText: t('note.cancel'),
      onOk: () => deleteNote.mutateAsync(m).catch((e: unknown) => void toast.error(errorText(e))),
    });
  };

  let body;
  if (query.isPending) {
    body = (
      <div style={{ display: 'grid', placeItems: 'center', height: '100%' }} data-testid="chat-messages-loading">
        <Spin description={t('view.loading')}>
          <div style={{ width: 120, height: 60 }} />
        </Spin>
      </div>
    );
  } else if (query.isError && messages.length === 0) {
    body = (
      <div style={{ padding: 16 }}>
        <Alert type="error" showIcon title={t('view.error')} description={errorText(query.error)} action={<Button size="small" onClick={() => void query.refetch()}>{t('list.retry')}</Button>} />
      </div>
    );
  } else if (messages.length === 0) {
    body = <Empty style={{ marginTop: 64 }} image={Empty.PRESENTED_IMAGE_SIMPLE} description={importing ? t('view.importing') : t('view.empty')} data-testid="chat-messages-empty" />;
  } else {
    body = (
      <>
        <div style={{ textAlign: 'center', minHeight: 32, padding: 4 }}>
          {hasNextPage ? (
            <Button size="small" type="link" onClick={loadOlder} loading={isFetchingNextPage} data-testid="chat-load-older">
              {t('view.older')}
            </Button>
          ) : (
            <span style={{ fontSize: 12, color: '#bfbfbf' }}>{t('view.start')}</span>
          )}
        </div>
        {messages.map((m, i) => (
          <Fragment key={m.id}>
            {i === 0 || !sameDay(messages[i - 1]?.sentAt ?? m.sentAt, m.sentAt) ? (
              <div role="separator" style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '12px 0', color: '#8c8c8c', fontSize: 12 }} data-testid="chat-day">
                <span style={{ flex: 1, height: 1, background: '#f0f0f0' }} />
                {dayLabel(m.sentAt, t)}
                <span style={{ flex: 1, height: 1, background: '#f0f0f0' }} />
              </div>
            ) : null}
            <MessageBubble
              message={m}
              language={i18n.language}
              canAct={canAct}
              onQuote={onQuote}
              onReact={onReact}
              onRetry={onRetry}
              onDeleteNote={onDeleteNote}
              retrying={retry.isPending && retry.variables?.id === m.id}
            />
          </Fragment>
        ))}
      </>
    );
  }

  return (
    <div style={{ position: 'relative', height: '100%', minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column' }} data-testid="chat-messages">
      {importing && messages.length > 0 ? (
        <div style={{ fontSize: 12, color: '#8c8c8c', textAlign: 'center', padding: 4, background: '#fafafa' }}>
          <Spin size="small" /> {t('view.importing')}
        </div>
      ) : null}
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t('view.label', { name: conversation.displayName })}
        tabIndex={0}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden', padding: '0 12px 8px', outline: 'none' }}
      >
        <div ref={content}>{body}</div>
      </div>
      {unseen > 0 ? (
        <Button
          type="primary"
          shape="round"
          size="small"
          icon={<ArrowDownOutlined />}
          onClick={scrollToBottom}
          style={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)', boxShadow: '0 2px 8px rgba(0,0,0,0.15)' }}
          data-testid="chat-new-messages"
        >
          {t('view.newMessages', { count: unseen })}
        </Button>
      ) : null}
    </div>
  );
}
