import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Drawer from 'antd/es/drawer';
import Checkbox from 'antd/es/checkbox';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';

export const FOLLOWER_COLUMNS = ['displayName', 'oa', 'userAlias', 'phone', 'city', 'tags', 'lastInteraction', 'status', 'createdAt'] as const;
export type FollowerColumn = (typeof FOLLOWER_COLUMNS)[number];
export const DEFAULT_COLUMNS: FollowerColumn[] = ['displayName', 'oa', 'phone', 'tags', 'lastInteraction', 'status'];

/** The browser remembers the choice per signed-in user and tenant (localStorage), when "apply for next time" is ticked. */
const storageKey = (userKey: string) => `zc.followers.columns.${userKey}`;

export function loadColumns(userKey: string): FollowerColumn[] {
  try {
    const raw = window.localStorage.getItem(storageKey(userKey));
    const v = raw ? (JSON.parse(raw) as unknown) : null;
    if (Array.isArray(v)) {
      const cols = v.filter((c): c is FollowerColumn => (FOLLOWER_COLUMNS as readonly string[]).includes(String(c)));
      if (cols.includes('displayName')) return cols;
    }
  } catch {
    // unreadable storage: defaults
  }
  return DEFAULT_COLUMNS;
}

/** The column customisation drawer (§2.9): show or hide columns; "apply for next time" remembers them. */
export function ColumnDrawer({ open, userKey, value, onChange, onClose }: { open: boolean; userKey: string; value: FollowerColumn[]; onChange: (cols: FollowerColumn[]) => void; onClose: () => void }) {
  const { t } = useTranslation('followers');
  const [draft, setDraft] = useState<FollowerColumn[]>(value);
  const [remember, setRemember] = useState(true);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('columnsDrawer.title')}
      size="default"
      afterOpenChange={(o) => o && setDraft(value)}
      footer={
        <Flex justify="space-between" gap={8} wrap>
          <Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} data-testid="columns-remember">
            {t('columnsDrawer.remember')}
          </Checkbox>
          <Button
            type="primary"
            onClick={() => {
              const cols = FOLLOWER_COLUMNS.filter((c) => draft.includes(c));
              if (remember) window.localStorage.setItem(storageKey(userKey), JSON.stringify(cols));
              else window.localStorage.removeItem(storageKey(userKey));
              onChange(cols);
              onClose();
            }}
          >
            {t('columnsDrawer.apply')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        {FOLLOWER_COLUMNS.map((c) => (
          <Checkbox
            key={c}
            checked={draft.includes(c)}
            disabled={c === 'displayName'}
            onChange={(e) => setDraft(e.target.checked ? [...draft, c] : draft.filter((x) => x !== c))}
          >
            {t(`columns.${c}`)}
          </Checkbox>
        ))}
      </Flex>
    </Drawer>
  );
}
