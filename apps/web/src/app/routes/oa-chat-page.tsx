import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Select from 'antd/es/select';
import Grid from 'antd/es/grid';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import type { ChatMessage, Conversation } from '@zc/shared/api/chat';
import { ConversationList } from '../../features/chat/components/conversation-list';
import { ConversationView } from '../../features/chat/components/conversation-view';
import { ConversationHeader } from '../../features/chat/components/conversation-header';
import { Composer } from '../../features/chat/components/composer';
import { FollowerPanel } from '../../features/chat/components/follower-panel';
import { CannedRepliesManager } from '../../features/chat/components/canned-replies-manager';
import { useConversation } from '../../features/chat/api/inbox';
import { useOaList } from '../../lib/oa-list';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { usePermissions, useScope } from '../../lib/scope-context';
import { useErrorText } from '../../lib/error-text';

const PANEL = 320;

/**
 * §2.1 /tenant/zalo-oa/chat (issue 15): one OA or all, the inbox on the left, the open conversation
 * (header, messages, composer) in the middle and the follower panel on the right; `conversationId`
 * in the query opens one conversation (a deep link). On a phone one pane shows at a time: the list,
 * then the conversation with a way back, the follower panel in a drawer.
 */
export function OaChatPage() {
  const { t } = useTranslation('chat');
  const { can } = usePermissions();
  const scope = useScope();
  const tenantId = scope.tenant?.id ?? '';
  const errorText = useErrorText();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg === true;
  const [params, setParams] = useSearchParams();
  const conversationId = params.get('conversationId');
  const [oaId, setOaId] = useState<string | undefined>();
  const [quote, setQuote] = useState<ChatMessage | null>(null);
  const [panelOpen, setPanelOpen] = useState(true);
  const oas = useOaList(tenantId);
  const open = useConversation(tenantId, conversationId);
  if (!can('VIEW_ZALO_OA_CHAT')) return <ErrorResult status={403} />;

  const select = (c: Conversation | null) => {
    setQuote(null);
    const next = new URLSearchParams(params);
    if (c) next.set('conversationId', c.id);
    else next.delete('conversationId');
    setParams(next);
  };

  const conversation = open.data ?? null;
  const list = (
    <ConversationList tenantId={tenantId} zaloOAId={oaId} selectedId={conversationId} onSelect={(c) => select(c)} />
  );
  const middle = conversationId ? (
    open.isError ? (
      <ErrorResult status={404} message={errorText(open.error)} />
    ) : !conversation ? (
      <div style={{ display: 'grid', placeItems: 'center', height: '100%' }}><Spin /></div>
    ) : (
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }} data-testid="chat-conversation">
        <ConversationHeader tenantId={tenantId} conversation={conversation} onBack={wide ? undefined : () => select(null)} onTogglePanel={() => setPanelOpen((v) => !v)} />
        <div style={{ flex: 1, minHeight: 0 }}>
          <ConversationView tenantId={tenantId} conversation={conversation} onQuote={setQuote} />
        </div>
        <Composer tenantId={tenantId} conversation={conversation} quote={quote} onClearQuote={() => setQuote(null)} />
      </div>
    )
  ) : (
    <div style={{ display: 'grid', placeItems: 'center', height: '100%' }}>
      <Empty description={t('pickConversation')} />
    </div>
  );

  const oaSelect = (
    <Select
      style={{ minWidth: 200, maxWidth: '100%' }}
      value={oaId ?? ''}
      onChange={(v: string) => setOaId(v || undefined)}
      options={[{ value: '', label: t('allOas') }, ...(oas.data ?? []).map((o) => ({ value: o.id, label: o.name }))]}
      data-testid="chat-oa-filter"
      aria-label={t('oa')}
    />
  );

  return (
    <div>
      <PageHeader title={t('title')} extra={<div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{oaSelect}<CannedRepliesManager tenantId={tenantId} /></div>} />
      {wide ? (
        <div style={{ display: 'grid', gridTemplateColumns: `${PANEL}px minmax(0, 1fr) ${conversation && panelOpen ? `${PANEL}px` : '0px'}`, height: 'calc(100vh - 190px)', minHeight: 480, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff', overflow: 'hidden' }}>
          <div style={{ borderRight: '1px solid #f0f0f0', minHeight: 0, overflow: 'hidden' }}>{list}</div>
          <div style={{ minHeight: 0, minWidth: 0 }}>{middle}</div>
          {conversation && panelOpen ? (
            <div style={{ borderLeft: '1px solid #f0f0f0', minHeight: 0, overflow: 'auto' }}>
              <FollowerPanel tenantId={tenantId} conversation={conversation} />
            </div>
          ) : <div />}
        </div>
      ) : (
        <div style={{ height: 'calc(100vh - 170px)', minHeight: 420, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff', overflow: 'hidden' }}>
          {conversationId ? middle : list}
          {conversation ? (
            <Drawer open={!panelOpen} onClose={() => setPanelOpen(true)} width="100%" title={conversation.displayName}>
              <FollowerPanel tenantId={tenantId} conversation={conversation} />
            </Drawer>
          ) : null}
        </div>
      )}
    </div>
  );
}
