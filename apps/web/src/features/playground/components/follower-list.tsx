import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Input from 'antd/es/input';
import Avatar from 'antd/es/avatar';
import Spin from 'antd/es/spin';
import Empty from 'antd/es/empty';
import Button from 'antd/es/button';
import App from 'antd/es/app';
import Flex from 'antd/es/flex';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import type { Follower } from '@zc/shared/api/followers';
import { useFollowers } from '../api/get-followers';
import { useSyncFollowers } from '../api/sync-followers';
import { useErrorText } from '../../../lib/error-text';
import fallbackAvatar from '../../../assets/avatar-fallback.svg';

/**
 * A follower's Zalo avatar, or the bundled silhouette when there is none or it does not load
 * (Zalo's CDN offline or blocked): never a broken image.
 */
function FollowerAvatar({ src }: { src: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  return (
    <Avatar
      src={src && !failed ? src : fallbackAvatar}
      alt=""
      data-testid="follower-avatar"
      onError={() => {
        setFailed(true);
        return false; // we swap the source ourselves instead of antd's icon fallback
      }}
    />
  );
}

/** §2.11 column 1: followers of the key's OA, infinite scroll, search by display name; picking one hands it over whole (its fields fill the message's placeholders). */
export function FollowerList({ tenantId, zaloOAId, selected, onSelect }: { tenantId: string; zaloOAId?: string; selected?: string; onSelect: (follower: Follower) => void }) {
  const { t } = useTranslation('playground');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [search, setSearch] = useState<string | undefined>();
  const followers = useFollowers(tenantId, search, zaloOAId);
  const sync = useSyncFollowers();
  const items = followers.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Flex vertical gap={8} style={{ height: '100%' }}>
      <Flex gap={8}>
        <Input.Search allowClear placeholder={t('playground.searchFollower')} aria-label={t('playground.searchFollower')} onSearch={(v) => setSearch(v.trim() || undefined)} />
        {zaloOAId ? (
          <Button
            icon={<SyncOutlined spin={sync.isPending} />}
            aria-label={t('playground.syncFollowers')}
            title={t('playground.syncFollowers')}
            onClick={() =>
              sync.mutate(zaloOAId, {
                onSuccess: (r) => void message.success(t('playground.synced', { count: r.synced })),
                onError: (e) => void message.error(errorText(e)),
              })
            }
          />
        ) : null}
      </Flex>
      <div
        data-testid="follower-list"
        style={{ overflowY: 'auto', maxHeight: 560, minHeight: 200, border: '1px solid #f0f0f0', borderRadius: 8 }}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight < 48 && followers.hasNextPage && !followers.isFetchingNextPage) void followers.fetchNextPage();
        }}
      >
        {followers.isPending && followers.fetchStatus !== 'idle' ? (
          <div style={{ padding: 24, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : followers.isError && items.length === 0 ? (
          // e.g. the tenant's OA service is off (403 MODULE_NOT_ENABLED): say why, not "no followers".
          <Alert type="warning" showIcon style={{ margin: 8 }} message={errorText(followers.error)} data-testid="follower-list-error" />
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('playground.noFollowers')} />
        ) : (
          items.map((f) => (
            <button
              key={f.id}
              type="button"
              onClick={() => onSelect(f)}
              data-testid="follower-item"
              data-uid={f.userId}
              aria-pressed={selected === f.userId}
              style={{
                display: 'flex',
                gap: 10,
                alignItems: 'center',
                width: '100%',
                padding: '8px 12px',
                border: 0,
                borderBottom: '1px solid #f5f5f5',
                background: selected === f.userId ? '#e6f4f1' : 'transparent',
                cursor: 'pointer',
                textAlign: 'left',
              }}
            >
              <FollowerAvatar key={f.avatar ?? ''} src={f.avatar} />
              <span style={{ minWidth: 0 }}>
                <span style={{ display: 'block', fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{f.displayName}</span>
                <span style={{ display: 'block', fontSize: 12, color: '#888', fontFamily: 'monospace' }}>{f.userId}</span>
                {f.userLastInteractionDate ? (
                  <span style={{ display: 'block', fontSize: 12, color: '#888' }}>{t('playground.lastInteraction', { date: f.userLastInteractionDate })}</span>
                ) : null}
              </span>
            </button>
          ))
        )}
        {followers.isFetchingNextPage ? (
          <div style={{ padding: 12, textAlign: 'center' }}>
            <Spin size="small" />
          </div>
        ) : null}
      </div>
    </Flex>
  );
}
