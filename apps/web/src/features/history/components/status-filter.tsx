import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from 'antd/es/checkbox';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Divider from 'antd/es/divider';
import type { MessageStatus } from '@zc/shared/api/messaging';
import { statusLabel } from './history-model';

/** §2.13 status filter: a checklist with Check All and OK (OK disabled when nothing is selected). */
export function StatusFilterDropdown({ choices, value, onApply }: { choices: readonly MessageStatus[]; value: readonly MessageStatus[]; onApply: (next: MessageStatus[]) => void }) {
  const { t, i18n } = useTranslation('history');
  const [draft, setDraft] = useState<MessageStatus[]>(() => value.filter((s) => choices.includes(s)));
  const all = draft.length === choices.length;
  return (
    <div style={{ padding: 12, minWidth: 220 }} data-testid="status-filter" onKeyDown={(e) => e.stopPropagation()}>
      <Checkbox
        checked={all}
        indeterminate={draft.length > 0 && !all}
        onChange={(e) => setDraft(e.target.checked ? [...choices] : [])}
        data-testid="status-filter-all"
      >
        {t('history.checkAll')}
      </Checkbox>
      <Divider style={{ margin: '8px 0' }} />
      <Checkbox.Group value={draft} onChange={(v) => setDraft(v as MessageStatus[])} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
        {choices.map((s) => (
          <Checkbox key={s} value={s} data-testid={`status-option-${s}`}>
            {statusLabel(s, i18n.resolvedLanguage ?? 'vi')}
          </Checkbox>
        ))}
      </Checkbox.Group>
      <Divider style={{ margin: '8px 0' }} />
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button size="small" type="primary" disabled={draft.length === 0} onClick={() => onApply(draft)} data-testid="status-filter-ok">
          {t('history.ok')}
        </Button>
      </Space>
    </div>
  );
}
