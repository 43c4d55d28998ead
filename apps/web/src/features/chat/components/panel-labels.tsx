import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Form from 'antd/es/form';
import App from 'antd/es/app';
import Typography from 'antd/es/typography';
import type { Follower } from '@zc/shared/api/followers';
import { useErrorText } from '../../../lib/error-text';
import { useOaLabels, useUpdateLabels } from '../api/actions';
import { MAX_LABELS, pickLabels } from './panel-labels-model';

/**
 * Labels of one follower, with the followers page's rules: labels to add and to remove, at most
 * three each, never the same label in both lists; only a carried label can be removed. One call.
 */
export function LabelDialog({ tenantId, follower, open, onClose }: { tenantId: string; follower: Follower; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(['chat-composer', 'followers']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const labels = useOaLabels(tenantId, follower.zaloOAId, open);
  const update = useUpdateLabels(tenantId);
  const [add, setAdd] = useState<string[]>([]);
  const [sub, setSub] = useState<string[]>([]);
  const carried = follower.tagsAndNotesInfo.tagNames;
  const options = [...new Set([...(labels.data ?? []), ...carried])].map((v) => ({ value: v, label: v }));

  const pick = (which: 'add' | 'sub', next: string[]) => {
    const r = pickLabels(next, which === 'add' ? sub : add);
    if (r.clash) void message.warning(t(which === 'add' ? 'followers:tags.inRemoveList' : 'followers:tags.inAddList', { tag: r.clash }));
    if (r.tooMany) {
      void message.warning(t('followers:tags.max', { count: MAX_LABELS }));
      return;
    }
    if (which === 'add') setAdd(r.list);
    else setSub(r.list);
  };
  const close = () => {
    setAdd([]);
    setSub([]);
    onClose();
  };
  const submit = async () => {
    const actions = [...(add.length ? [{ type: 'ADD' as const, tagName: add }] : []), ...(sub.length ? [{ type: 'SUB' as const, tagName: sub }] : [])];
    try {
      const r = await update.mutateAsync({ id: follower.id, body: { actions } });
      const failed = r.results.filter((o) => !o.ok).map((o) => `${o.tagName}: ${(i18n.language.startsWith('vi') ? o.errorVi : o.error) ?? o.error ?? ''}`);
      if (failed.length) {
        void message.error(t('followers:tags.failed', { details: failed.join('; ') }));
        return;
      }
      void message.success(t('followers:tags.done', { count: 1 }));
      close();
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  return (
    <Modal
      open={open}
      title={t('panel.editLabels')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('followers:tags.update')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: add.length === 0 && sub.length === 0, loading: update.isPending }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('followers:tags.hint', { count: MAX_LABELS })}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('followers:tags.add')}>
          <Select mode="tags" value={add} options={options} onChange={(v: string[]) => pick('add', v)} placeholder={t('followers:tags.addPlaceholder')} loading={labels.isFetching} tokenSeparators={[',']} data-testid="chat-label-add" />
        </Form.Item>
        <Form.Item label={t('followers:tags.remove')}>
          <Select mode="multiple" value={sub} options={carried.map((v) => ({ value: v, label: v }))} onChange={(v: string[]) => pick('sub', v)} placeholder={t('followers:tags.removePlaceholder')} data-testid="chat-label-sub" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
