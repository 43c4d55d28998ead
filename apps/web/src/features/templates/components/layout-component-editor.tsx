import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Upload from 'antd/es/upload';
import App from 'antd/es/app';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { ZNS_LAYOUT_BUTTON_TYPES, ZNS_LAYOUT_LIMITS, type LayoutComponent } from '@zc/shared/api/templates';
import { uploadTemplateImage } from '../api/template-authoring';
import { useErrorText } from '../../../lib/error-text';

const L = ZNS_LAYOUT_LIMITS;

/** An image picked for a LOGO or IMAGE: checked here (JPG/PNG ≤ 500 KB) as the server checks it, then sent to Zalo. */
function ImagePicker({ zaloOAId, label, mediaId, url, onPicked, testId }: { zaloOAId: string; label: string; mediaId: string; url: string | undefined; onPicked: (mediaId: string, url: string) => void; testId: string }) {
  const { t } = useTranslation('templates');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  return (
    <Space align="center" wrap>
      {url ? <img src={url} alt={label} style={{ height: 40, maxWidth: 120, objectFit: 'contain', border: '1px solid #eee', borderRadius: 4 }} /> : null}
      <Upload
        accept="image/jpeg,image/png"
        showUploadList={false}
        disabled={!zaloOAId || busy}
        beforeUpload={(file) => {
          if (!(L.upload.types as readonly string[]).includes(file.type)) {
            void message.error(t('authoring.imageType'));
            return Upload.LIST_IGNORE;
          }
          if (file.size > L.upload.maxBytes) {
            void message.error(t('authoring.imageSize', { kb: L.upload.maxBytes / 1024 }));
            return Upload.LIST_IGNORE;
          }
          setBusy(true);
          uploadTemplateImage(zaloOAId, file)
            .then((r) => onPicked(r.mediaId, r.url))
            .catch((e: unknown) => void message.error(errorText(e)))
            .finally(() => setBusy(false));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid={testId}>
          {mediaId ? t('authoring.replaceImage', { label }) : t('authoring.uploadImage', { label })}
        </Button>
      </Upload>
    </Space>
  );
}

/** The fields of one layout component (title, paragraph, table rows, buttons, logo, images). */
export function LayoutComponentEditor({
  c,
  zaloOAId,
  media,
  onChange,
  onMedia,
  testId,
}: {
  c: LayoutComponent;
  zaloOAId: string;
  media: Readonly<Record<string, string>>;
  onChange: (c: LayoutComponent) => void;
  onMedia: (mediaId: string, url: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('templates');
  switch (c.type) {
    case 'TITLE':
      return <Input value={c.value} maxLength={L.title.max} showCount aria-label={t('authoring.components.TITLE')} placeholder={t('authoring.titlePlaceholder')} onChange={(e) => onChange({ ...c, value: e.target.value })} data-testid={`${testId}-value`} />;
    case 'PARAGRAPH':
      return (
        <Input.TextArea
          value={c.value}
          rows={3}
          maxLength={L.paragraph.max}
          showCount
          aria-label={t('authoring.components.PARAGRAPH')}
          placeholder={t('authoring.paragraphPlaceholder')}
          onChange={(e) => onChange({ ...c, value: e.target.value })}
          data-testid={`${testId}-value`}
        />
      );
    case 'TABLE':
      return (
        <div>
          {c.rows.map((r, i) => (
            <Space key={i} style={{ display: 'flex', marginBottom: 6 }} align="start" wrap>
              <Input value={r.title} maxLength={L.table.titleMax} aria-label={t('authoring.rowTitle', { n: i + 1 })} placeholder={t('authoring.rowTitle', { n: i + 1 })} style={{ width: 150 }} onChange={(e) => onChange({ ...c, rows: c.rows.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)) })} data-testid={`${testId}-row-${i}-title`} />
              <Input value={r.value} maxLength={L.table.valueMax} aria-label={t('authoring.rowValue', { n: i + 1 })} placeholder={t('authoring.rowValue', { n: i + 1 })} style={{ width: 200 }} onChange={(e) => onChange({ ...c, rows: c.rows.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })} data-testid={`${testId}-row-${i}-value`} />
              <Button type="text" icon={<DeleteOutlined />} aria-label={t('authoring.removeRow', { n: i + 1 })} onClick={() => onChange({ ...c, rows: c.rows.filter((_, j) => j !== i) })} />
            </Space>
          ))}
          <Button type="dashed" size="small" icon={<PlusOutlined />} disabled={c.rows.length >= L.table.maxRows} onClick={() => onChange({ ...c, rows: [...c.rows, { title: '', value: '' }] })} data-testid={`${testId}-add-row`}>
            {t('authoring.addRow', { count: c.rows.length, max: L.table.maxRows })}
          </Button>
        </div>
      );
    case 'BUTTONS':
      return (
        <div>
          {c.items.map((b, i) => (
            <Space key={i} style={{ display: 'flex', marginBottom: 6 }} align="start" wrap>
              <Select
                value={b.type}
                aria-label={t('authoring.buttonType', { n: i + 1 })}
                style={{ width: 130 }}
                options={ZNS_LAYOUT_BUTTON_TYPES.map((x) => ({ value: x.type, label: t(`authoring.buttonTypes.${x.name}`) }))}
                onChange={(v: number) => onChange({ ...c, items: c.items.map((x, j) => (j === i ? { ...x, type: v } : x)) })}
              />
              <Input value={b.title} maxLength={L.buttons.titleMax} aria-label={t('authoring.buttonTitle', { n: i + 1 })} placeholder={t('authoring.buttonTitle', { n: i + 1 })} style={{ width: 160 }} onChange={(e) => onChange({ ...c, items: c.items.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)) })} data-testid={`${testId}-button-${i}-title`} />
              <Input
                value={b.content}
                maxLength={L.buttons.contentMax}
                aria-label={t(b.type === 1 ? 'authoring.buttonUrl' : 'authoring.buttonPhone')}
                placeholder={b.type === 1 ? 'https://' : '0987654321'}
                style={{ width: 220 }}
                onChange={(e) => onChange({ ...c, items: c.items.map((x, j) => (j === i ? { ...x, content: e.target.value } : x)) })}
                data-testid={`${testId}-button-${i}-content`}
              />
              <Button type="text" icon={<DeleteOutlined />} aria-label={t('authoring.removeButton', { n: i + 1 })} onClick={() => onChange({ ...c, items: c.items.filter((_, j) => j !== i) })} />
            </Space>
          ))}
          <Button type="dashed" size="small" icon={<PlusOutlined />} disabled={c.items.length >= L.buttons.max} onClick={() => onChange({ ...c, items: [...c.items, { type: 1, title: '', content: '' }] })} data-testid={`${testId}-add-button`}>
            {t('authoring.addButton', { count: c.items.length, max: L.buttons.max })}
          </Button>
        </div>
      );
    case 'LOGO':
      return (
        <Space direction="vertical">
          <ImagePicker zaloOAId={zaloOAId} label={t('authoring.logoLight')} mediaId={c.light} url={media[c.light]} onPicked={(id, url) => { onMedia(id, url); onChange({ ...c, light: id, dark: c.dark || id }); }} testId={`${testId}-light`} />
          <ImagePicker zaloOAId={zaloOAId} label={t('authoring.logoDark')} mediaId={c.dark} url={media[c.dark]} onPicked={(id, url) => { onMedia(id, url); onChange({ ...c, dark: id }); }} testId={`${testId}-dark`} />
        </Space>
      );
    case 'IMAGE':
      return (
        <Space direction="vertical">
          {c.items.map((m, i) => (
            <Space key={`${m}-${i}`}>
              <ImagePicker zaloOAId={zaloOAId} label={t('authoring.imageN', { n: i + 1 })} mediaId={m} url={media[m]} onPicked={(id, url) => { onMedia(id, url); onChange({ ...c, items: c.items.map((x, j) => (j === i ? id : x)) }); }} testId={`${testId}-image-${i}`} />
              <Button type="text" icon={<DeleteOutlined />} aria-label={t('authoring.removeImage', { n: i + 1 })} onClick={() => onChange({ ...c, items: c.items.filter((_, j) => j !== i) })} />
            </Space>
          ))}
          {c.items.length < L.images.max ? (
            <ImagePicker zaloOAId={zaloOAId} label={t('authoring.imageN', { n: c.items.length + 1 })} mediaId="" url={undefined} onPicked={(id, url) => { onMedia(id, url); onChange({ ...c, items: [...c.items, id] }); }} testId={`${testId}-image-new`} />
          ) : null}
        </Space>
      );
  }
}
