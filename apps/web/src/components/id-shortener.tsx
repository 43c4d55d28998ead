import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Tooltip from 'antd/es/tooltip';
import Button from 'antd/es/button';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { shortenId } from '../lib/formatters';

/** §9: copied-to-clipboard confirmation lasts 2 seconds. */
export const COPIED_MS = 2000;

/** A long id shown as first/last 5 characters, with a copy control. */
export function IdShortener({ value }: { value: string }) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <span style={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>
      <Tooltip title={value}>
        <span>{shortenId(value)}</span>
      </Tooltip>
      <Tooltip title={copied ? t('copied') : t('copy')}>
        <Button
          type="text"
          size="small"
          aria-label={t('copy')}
          icon={copied ? <CheckOutlined style={{ color: '#52c41a' }} /> : <CopyOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        />
      </Tooltip>
    </span>
  );
}
