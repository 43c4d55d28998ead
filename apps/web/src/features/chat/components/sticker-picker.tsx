import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Popover from 'antd/es/popover';
import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import Spin from 'antd/es/spin';
import Empty from 'antd/es/empty';
import Typography from 'antd/es/typography';
import SmileOutlined from '@ant-design/icons/SmileOutlined';
import { useStickers } from '../api/actions';
import { isForbiddenError } from '../../../components/permission-alert';
import { useErrorText } from '../../../lib/error-text';

export interface PickedSticker {
  id: string;
  url: string;
  zaloStickerId: string;
}

function StickerGrid({ tenantId, onPick }: { tenantId: string; onPick: (s: PickedSticker) => void }) {
  const { t } = useTranslation('chat-composer');
  const errorText = useErrorText();
  const stickers = useStickers(tenantId, true);
  if (stickers.isPending) return <div style={{ display: 'grid', placeItems: 'center', height: 120 }}><Spin /></div>;
  if (stickers.isError)
    return <Typography.Text type={isForbiddenError(stickers.error) ? 'secondary' : 'danger'}>{isForbiddenError(stickers.error) ? t('sticker.unavailable') : errorText(stickers.error)}</Typography.Text>;
  const collections = stickers.data.filter((c) => c.stickers.length > 0);
  if (collections.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sticker.empty')} />;
  return (
    <Tabs
      size="small"
      items={collections.map((c) => ({
        key: c.id,
        label: c.name,
        children: (
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(56px, 1fr))', gap: 6, maxHeight: 220, overflowY: 'auto' }}>
            {c.stickers.map((s) => (
              <button
                key={s.id}
                type="button"
                onClick={() => onPick(s)}
                aria-label={t('sticker.pick')}
                data-testid="chat-sticker"
                style={{ border: '1px solid #f0f0f0', borderRadius: 6, background: '#fff', padding: 4, cursor: 'pointer', height: 60 }}
              >
                <img src={s.url} alt="" loading="lazy" style={{ maxWidth: '100%', maxHeight: 50, objectFit: 'contain' }} />
              </button>
            ))}
          </div>
        ),
      }))}
    />
  );
}

/** §3 Sticker collection picker (GET merchant/chat/sticker, asked when first opened); a pick sends at once. */
export function StickerPicker({ tenantId, disabled, onPick }: { tenantId: string; disabled: boolean; onPick: (s: PickedSticker) => void }) {
  const { t } = useTranslation('chat-composer');
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="topLeft"
      title={t('sticker.title')}
      content={
        <div style={{ width: 'min(300px, calc(100vw - 96px))' }}>
          {open ? (
            <StickerGrid
              tenantId={tenantId}
              onPick={(s) => {
                setOpen(false);
                onPick(s);
              }}
            />
          ) : null}
        </div>
      }
    >
      <Button type="text" icon={<SmileOutlined rotate={180} />} aria-label={t('sticker.title')} title={t('sticker.title')} disabled={disabled} data-testid="chat-sticker-open" />
    </Popover>
  );
}
