import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Drawer from 'antd/es/drawer';
import Checkbox from 'antd/es/checkbox';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { LOCKED_COLUMNS, type HistoryColumn } from './history-model';

export interface ColumnChoice {
  key: HistoryColumn;
  title: ReactNode;
}

interface ColumnDrawerProps {
  open: boolean;
  columns: readonly ColumnChoice[];
  hidden: readonly HistoryColumn[];
  onApply: (hidden: HistoryColumn[]) => void;
  onClose: () => void;
}

/** §2.9 column customisation drawer: show/hide columns; Apply keeps the choice for next time. */
export function ColumnDrawer({ open, columns, hidden, onApply, onClose }: ColumnDrawerProps) {
  const { t } = useTranslation('history');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('history.columnSettings.title')}
      placement="right"
      size="min(360px, 100vw)"
      destroyOnHidden
      rootClassName="zc-column-drawer"
    >
      {/* Mounted per opening: the draft starts from the applied choice every time. */}
      <ColumnChecklist columns={columns} hidden={hidden} onApply={onApply} />
    </Drawer>
  );
}

function ColumnChecklist({ columns, hidden, onApply }: Omit<ColumnDrawerProps, 'open' | 'onClose'>) {
  const { t } = useTranslation('history');
  const [draft, setDraft] = useState<HistoryColumn[]>(() => [...hidden]);
  const toggle = (key: HistoryColumn, shown: boolean) => setDraft((d) => (shown ? d.filter((k) => k !== key) : [...d, key]));
  return (
    <Flex vertical gap={16} data-testid="column-drawer">
      <p style={{ margin: 0, color: 'rgba(0,0,0,0.55)' }}>{t('history.columnSettings.hint')}</p>
      <Flex vertical gap={8} role="group" aria-label={t('history.columnSettings.title')}>
        {columns.map(({ key, title }) => {
          const locked = LOCKED_COLUMNS.includes(key);
          return (
            <Checkbox key={key} checked={locked || !draft.includes(key)} disabled={locked} onChange={(e) => toggle(key, e.target.checked)} data-testid={`column-option-${key}`}>
              {title}
              {locked ? <span style={{ color: 'rgba(0,0,0,0.45)' }}> ({t('history.columnSettings.locked')})</span> : null}
            </Checkbox>
          );
        })}
      </Flex>
      <Flex gap={8} justify="flex-end" wrap>
        <Button onClick={() => setDraft([])} disabled={draft.length === 0} data-testid="column-reset">
          {t('history.columnSettings.reset')}
        </Button>
        <Button type="primary" onClick={() => onApply(draft)} data-testid="column-apply">
          {t('history.columnSettings.apply')}
        </Button>
      </Flex>
    </Flex>
  );
}
