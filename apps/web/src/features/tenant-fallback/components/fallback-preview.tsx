import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Alert from 'antd/es/alert';
import Typography from 'antd/es/typography';
import Spin from 'antd/es/spin';
import { findBadPlaceholder, listPlaceholders, type FallbackMessageKind } from '@zc/shared/api/fallback';
import { useFallbackPreview } from '../api/preview-fallback';
import type { PreviewInput } from '../api/types';
import type { FallbackInput } from '../api/types';
import { MessagePreview } from '../../../components/message-preview';
import { useErrorText } from '../../../lib/error-text';

const DEBOUNCE_MS = 300;

/** The value after it has stopped changing for `ms` (typing does not send a preview per keystroke). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
    // The serialised value is the dependency: a new object with the same content changes nothing.
  }, [key, ms]);
  return settled;
}

/**
 * Live preview of the fallback message: one sample input per placeholder of the text, the message
 * as the server renders it (`POST merchant/fallback/preview`, the worker's own renderer).
 */
export function FallbackPreview({ tenantId, form }: { tenantId: string; form: FormInstance<FallbackInput> }) {
  const { t } = useTranslation('fallback');
  const errorText = useErrorText();
  const messageKind: FallbackMessageKind = Form.useWatch('messageKind', form) ?? 'text';
  const header: string = Form.useWatch('header', form) ?? '';
  const content: string = Form.useWatch('content', form) ?? '';
  const [samples, setSamples] = useState<Record<string, string>>({ otp: '482913', customer_name: 'Nguyễn Thị Hoàng Anh', order_code: 'DH2611210001' });
  const placeholders = useMemo(
    () => [...new Set([...listPlaceholders(content), ...(messageKind === 'transaction' ? listPlaceholders(header) : [])])],
    [content, header, messageKind],
  );
  // Only well-formed input is sent; the form shows what is wrong with the rest.
  const renderable = content.trim() !== '' && findBadPlaceholder(content) === null && (messageKind !== 'transaction' || findBadPlaceholder(header) === null);
  const input: PreviewInput | null = renderable
    ? { messageKind, header: messageKind === 'transaction' ? header : '', content, templateData: Object.fromEntries(placeholders.map((p) => [p, samples[p] ?? ''])) }
    : null;
  const settled = useSettled(input, DEBOUNCE_MS);
  const preview = useFallbackPreview(tenantId, settled);
  const data = settled ? preview.data : undefined;

  return (
    <div data-testid="fallback-preview-panel">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('preview.samples')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('preview.samplesHelp')}
      </Typography.Paragraph>
      {placeholders.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('preview.noPlaceholders')}</Typography.Paragraph>
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(90px, max-content) 1fr', gap: 8, alignItems: 'center', marginBottom: 16 }}>
          {placeholders.map((p) => (
            <label key={p} style={{ display: 'contents' }}>
              <Typography.Text code>{p}</Typography.Text>
              <Input size="small" value={samples[p] ?? ''} maxLength={1000} onChange={(e) => setSamples((s) => ({ ...s, [p]: e.target.value }))} data-testid={`fallback-sample-${p}`} />
            </label>
          ))}
        </div>
      )}
      <Typography.Title level={5}>
        {t('preview.title')} {preview.isFetching ? <Spin size="small" style={{ marginInlineStart: 8 }} /> : null}
      </Typography.Title>
      {!content.trim() ? (
        <Typography.Text type="secondary">{t('preview.empty')}</Typography.Text>
      ) : !renderable ? (
        <Typography.Text type="secondary">{t('preview.invalid')}</Typography.Text>
      ) : preview.isError ? (
        <Alert type="warning" showIcon title={t('preview.failed', { error: errorText(preview.error) })} />
      ) : data ? (
        <>
          {data.message ? <MessagePreview message={data.message} testId="fallback-preview" /> : <Alert type="info" showIcon title={t('preview.renderedEmpty')} />}
          {data.missing.length ? <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('preview.missing', { names: data.missing.join(', ') })} /> : null}
          {data.truncated ? <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('preview.truncated')} /> : null}
        </>
      ) : (
        <Spin />
      )}
    </div>
  );
}
