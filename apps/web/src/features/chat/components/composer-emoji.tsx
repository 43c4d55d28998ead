import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Popover from 'antd/es/popover';
import Button from 'antd/es/button';
import SmileOutlined from '@ant-design/icons/SmileOutlined';
import { EMOJI } from './composer-model';

/** A grid of common emoji; a pick goes into the text at the caret. */
export function EmojiPicker({ disabled, onPick }: { disabled: boolean; onPick: (emoji: string) => void }) {
  const { t } = useTranslation('chat-composer');
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="topLeft"
      content={
        <div role="listbox" aria-label={t('emoji.title')} style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 32px)', gap: 2, maxWidth: 'calc(100vw - 48px)' }}>
          {EMOJI.map((e) => (
            <button
              key={e}
              type="button"
              role="option"
              aria-selected={false}
              onClick={() => {
                onPick(e);
                setOpen(false);
              }}
              style={{ border: 'none', background: 'transparent', fontSize: 20, width: 32, height: 32, cursor: 'pointer', borderRadius: 4 }}
            >
              {e}
            </button>
          ))}
        </div>
      }
    >
      <Button type="text" icon={<SmileOutlined />} aria-label={t('emoji.title')} title={t('emoji.title')} disabled={disabled} data-testid="chat-emoji-open" />
    </Popover>
  );
}
