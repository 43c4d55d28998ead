import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { DEFAULT_IMAGE_MB, validateImage } from '../../../lib/image-rules';
import { useErrorText } from '../../../lib/error-text';

/**
 * An image (logo, avatar) with an upload button: the §5 image rules (jpg, jpeg or png, under 5 MB,
 * readable) are checked before anything is sent; `onUpload` stores it. Without `onUpload` it only shows.
 */
export function ImageUploadField({
  src,
  icon,
  hint,
  buttonText,
  onUpload,
  testId,
}: {
  src: string | null | undefined;
  icon: ReactNode;
  hint: string;
  buttonText: string;
  onUpload?: (file: File) => Promise<unknown>;
  testId: string;
}) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  return (
    <Flex align="center" gap={12} wrap>
      <Avatar shape="square" size={64} src={src ?? undefined} icon={src ? undefined : icon} alt="" data-testid={`${testId}-preview`} />
      <div style={{ minWidth: 0, flex: 1 }}>
        {onUpload ? (
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void (async () => {
                const failure = await validateImage(file, { maxMb: DEFAULT_IMAGE_MB });
                if (failure) {
                  void message.error(t(failure.key, failure.values));
                  return;
                }
                setBusy(true);
                try {
                  await onUpload(file);
                  void message.success(t('organisation.uploaded'));
                } catch (error) {
                  void message.error(errorText(error));
                } finally {
                  setBusy(false);
                }
              })();
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid={`${testId}-upload`}>
              {busy ? t('general.uploading') : buttonText}
            </Button>
          </Upload>
        ) : null}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
          {hint}
        </Typography.Text>
      </div>
    </Flex>
  );
}
