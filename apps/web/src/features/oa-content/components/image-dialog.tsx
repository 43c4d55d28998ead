import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Upload from 'antd/es/upload';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { uploadImage } from '../api/upload-image';
import { useErrorText } from '../../../lib/error-text';
import { DEFAULT_IMAGE_MB, validateImage } from '../../../lib/image-rules';

/** An http(s) URL, or the path of a file this product stored (what `upload` answers). */
const URL_PATTERN = /^(https?:\/\/|\/)\S+$/i;

export interface ImageChoice {
  url: string;
  caption?: string;
}

/**
 * §2.9 avatar dialog (create or edit): a URL or an uploaded image (§5 image rules with their exact
 * messages); save stays disabled until a URL exists or the upload finished. `wide` shows the 16:9
 * frame of a cover; `withCaption` adds the caption of a body image.
 */
export function ImageDialog({
  open,
  title,
  initialUrl,
  wide,
  withCaption,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  initialUrl?: string | null;
  wide?: boolean;
  withCaption?: boolean;
  onSave: (choice: ImageChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('oa-content');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [url, setUrl] = useState(initialUrl ?? '');
  const [caption, setCaption] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  // Opening again starts from the given URL (state adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setUrl(initialUrl ?? '');
      setCaption('');
      setProgress(null);
    }
  }
  const uploading = progress !== null;
  const valid = URL_PATTERN.test(url.trim());

  const upload = async (file: File) => {
    const failure = await validateImage(file, { maxMb: DEFAULT_IMAGE_MB, ...(wide ? { ratio: 16 / 9 } : {}) });
    if (failure) {
      void message.error(t(failure.key, failure.values));
      return;
    }
    setProgress(0);
    try {
      setUrl(await uploadImage(file, setProgress));
    } catch (error) {
      void message.error(errorText(error) || t('imageRules.uploadFailed'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !valid || uploading, ...{ 'data-testid': 'image-dialog-save' } }}
      onOk={() => onSave({ url: url.trim(), ...(withCaption && caption.trim() ? { caption: caption.trim() } : {}) })}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => valid && !uploading && onSave({ url: url.trim(), ...(withCaption && caption.trim() ? { caption: caption.trim() } : {}) })}>
        <Form.Item label={t('image.url')} validateStatus={url && !valid ? 'error' : undefined} help={url && !valid ? t('image.urlInvalid') : undefined}>
          <Input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" data-testid="image-dialog-url" maxLength={2000} />
        </Form.Item>
        <Form.Item label={t('image.orUpload')} extra={wide ? t('image.hint169', { size: DEFAULT_IMAGE_MB }) : t('image.hint', { size: DEFAULT_IMAGE_MB })}>
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading} data-testid="image-dialog-upload">
              {t('image.upload')}
            </Button>
          </Upload>
          {uploading ? <Progress percent={progress} size="small" /> : null}
        </Form.Item>
        {withCaption ? (
          <Form.Item label={t('image.caption')}>
            <Input value={caption} onChange={(e) => setCaption(e.target.value)} maxLength={200} />
          </Form.Item>
        ) : null}
        {valid ? (
          <div style={{ aspectRatio: wide ? '16 / 9' : undefined, maxHeight: wide ? undefined : 240, overflow: 'hidden', borderRadius: 8, background: '#f5f5f5', display: 'flex', justifyContent: 'center' }}>
            <img src={url.trim()} alt={t('image.preview')} style={{ width: wide ? '100%' : undefined, height: wide ? '100%' : undefined, maxWidth: '100%', maxHeight: wide ? undefined : 240, objectFit: 'cover' }} />
          </div>
        ) : (
          <Typography.Text type="secondary">{t('image.none')}</Typography.Text>
        )}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
