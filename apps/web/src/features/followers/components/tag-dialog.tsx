import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Form from 'antd/es/form';
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import type { Follower } from '@zc/shared/api/followers';
import { followersKey, useOaTags, useUpdateTags } from '../api/followers-api';
import { useErrorText } from '../../../lib/error-text';

/** §5: at most three labels at once in each list. */
export const MAX_TAGS = 3;

/**
 * The label dialog (§2.9, §5): labels to add and to remove for one or more followers of an OA, at
 * most three each, never the same label in both lists (the message names the other list); Update
 * stays disabled until something is chosen. ADD and SUB go in one call per follower.
 */
export function TagDialog({ tenantId, followers, open, onClose }: { tenantId: string; followers: Follower[]; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('followers');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const oaId = followers[0]?.zaloOAId;
  const tags = useOaTags(tenantId, oaId, open);
  const update = useUpdateTags(tenantId);
  const [add, setAdd] = useState<string[]>([]);
  const [sub, setSub] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const carried = [...new Set(followers.flatMap((f) => f.tagsAndNotesInfo.tagNames))].sort((a, b) => a.localeCompare(b));
  const options = [...new Set([...(tags.data ?? []), ...carried])].map((v) => ({ value: v, label: v }));
  // Only a label one of the chosen followers carries can be removed, and this list is known when the
  // dialog opens: it does not change under the pointer when the OA's label list arrives.
  const subOptions = carried.map((v) => ({ value: v, label: v }));

  const pick = (list: 'add' | 'sub', next: string[]) => {
    const other = list === 'add' ? sub : add;
    const clash = next.find((v) => other.includes(v));
    if (clash) {
      void message.warning(t(list === 'add' ? 'tags.inRemoveList' : 'tags.inAddList', { tag: clash }));
      next = next.filter((v) => v !== clash);
    }
    const trimmed = [...new Set(next.map((v) => v.trim()).filter(Boolean))];
    if (trimmed.length > MAX_TAGS) {
      void message.warning(t('tags.max', { count: MAX_TAGS }));
      return;
    }
    if (list === 'add') setAdd(trimmed);
    else setSub(trimmed);
  };

  const close = () => {
    setAdd([]);
    setSub([]);
    onClose();
  };

  const submit = async () => {
    setBusy(true);
    const failures: string[] = [];
    for (const f of followers) {
      const actions = [...(add.length ? [{ type: 'ADD' as const, tagName: add }] : []), ...(sub.length ? [{ type: 'SUB' as const, tagName: sub }] : [])];
      try {
        const r = await update.mutateAsync({ id: f.id, body: { actions } });
        for (const o of r.results) if (!o.ok) failures.push(`${f.displayName} · ${o.tagName}: ${(i18n.language.startsWith('vi') ? o.errorVi : o.error) ?? o.error ?? ''}`);
      } catch (e) {
        failures.push(`${f.displayName}: ${errorText(e)}`);
      }
    }
    setBusy(false);
    void qc.invalidateQueries({ queryKey: followersKey });
    if (failures.length > 0) {
      void message.error(t('tags.failed', { details: failures.join('; ') }));
      return;
    }
    void message.success(t('tags.done', { count: followers.length }));
    close();
  };

  return (
    <Modal
      open={open}
      title={t('tags.title', { count: followers.length })}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('tags.update')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: add.length === 0 && sub.length === 0, loading: busy }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('tags.hint', { count: MAX_TAGS })}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('tags.add')}>
          <Select mode="tags" value={add} options={options} onChange={(v: string[]) => pick('add', v)} placeholder={t('tags.addPlaceholder')} data-testid="tag-add" loading={tags.isFetching} tokenSeparators={[',']} />
        </Form.Item>
        <Form.Item label={t('tags.remove')}>
          <Select mode="multiple" value={sub} options={subOptions} onChange={(v: string[]) => pick('sub', v)} placeholder={t('tags.removePlaceholder')} data-testid="tag-sub" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
