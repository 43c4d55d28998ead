import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import App from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Upload from 'antd/es/upload';
import Typography from 'antd/es/typography';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import { validateImage } from '../../../lib/image-rules';
import { useErrorText } from '../../../lib/error-text';
import { uploadMiniAppLogo } from '../api/apps';

/** §5 image rules for a logo: jpg, jpeg or png, under 2 MB, readable. */
export const LOGO_MAX_MB = 2;

/** A mini app's logo as a form control: uploads a checked image and holds its address. */
export function LogoUpload({ value, onChange, tenantId }: { value?: string | null; onChange?: (url: string | null) => void; tenantId: string }) {
  const { t } = useTranslation('mini-apps');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  return (
    <Space align="center" wrap>
      <Avatar shape="square" size={56} src={value ?? undefined} icon={value ? undefined : <AppstoreOutlined />} alt="" />
      <div>
        <Space wrap>
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void (async () => {
                const failure = await validateImage(file, { maxMb: LOGO_MAX_MB });
                if (failure) {
                  void message.error(t(failure.key, failure.values));
                  return;
                }
                setBusy(true);
                try {
                  onChange?.(await uploadMiniAppLogo(file, tenantId));
                } catch (error) {
                  void message.error(errorText(error));
                } finally {
                  setBusy(false);
                }
              })();
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="zma-logo-upload">
              {busy ? t('form.uploading') : t('form.upload')}
            </Button>
          </Upload>
          {value ? (
            <Button type="link" onClick={() => onChange?.(null)}>
              {t('form.removeLogo')}
            </Button>
          ) : null}
        </Space>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t('form.logoHint')}
        </Typography.Text>
      </div>
    </Space>
  );
}
