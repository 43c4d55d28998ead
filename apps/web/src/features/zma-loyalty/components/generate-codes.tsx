import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Progress from 'antd/es/progress';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { GIFT_CODES_MAX_PER_BATCH } from '@zc/shared/api/zma-loyalty';
import { useErrorText } from '../../../lib/error-text';
import { formatThousands } from '../../../lib/formatters';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';
import { loyaltyKey, useCodeBatch, useGenerateCodes } from '../api/loyalty';
import { useZmaApp } from '../api/scope';
import { progressPercent } from '../code-status';
import { codeCountError } from '../gift-form';

interface Live {
  generated: number;
  requested: number;
  status: string;
}

/**
 * Generate codes for an item (1 to 1,000,000): the server runs a job and reports `zma.codes_progress`
 * events, which move the bar live; the batch is read once when it starts and again after a missed event.
 */
export function GenerateCodesDialog({ open, giftItemId, giftName, onClose }: { open: boolean; giftItemId: string; giftName: string; onClose: () => void }) {
  const { t } = useTranslation('zma-loyalty');
  const errorText = useErrorText();
  const client = useQueryClient();
  const { zmaAppId } = useZmaApp();
  const [form] = Form.useForm<{ count: number }>();
  const generate = useGenerateCodes();
  const [batchId, setBatchId] = useState<string | null>(null);
  const [live, setLive] = useState<Live | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const batch = useCodeBatch(batchId);

  const refreshCodes = () => void client.invalidateQueries({ queryKey: loyaltyKey(zmaAppId) });

  useRealtimeEvent('zma.codes_progress', (event) => {
    if (!batchId || event.data.batchId !== batchId) return;
    setLive((old) => (old && old.generated > event.data.generated && event.data.status === 'RUNNING' ? old : { generated: event.data.generated, requested: event.data.requested, status: event.data.status }));
    if (event.data.status !== 'RUNNING') refreshCodes();
  });
  useRealtimeResync(() => {
    if (batchId) void batch.refetch();
  });

  // The newer of the stored batch and the last event.
  const stored = batch.data ? { generated: batch.data.generated, requested: batch.data.requested, status: batch.data.status } : null;
  const state: Live | null = live && stored ? (stored.status !== 'RUNNING' || stored.generated > live.generated ? stored : live) : (live ?? stored);
  const running = batchId !== null && (state === null || state.status === 'RUNNING');

  const close = () => {
    setBatchId(null);
    setLive(null);
    setFailure(null);
    form.resetFields();
    onClose();
  };

  const onFinish = async ({ count }: { count: number }) => {
    setFailure(null);
    try {
      const id = await generate.mutateAsync({ giftItemId, count });
      setLive({ generated: 0, requested: count, status: 'RUNNING' });
      setBatchId(id);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const finished = state && state.status !== 'RUNNING';
  return (
    <Modal
      open={open}
      title={t('codes.generateTitle', { name: giftName })}
      onCancel={close}
      maskClosable={!running}
      destroyOnHidden
      data-testid="generate-dialog"
      footer={
        batchId ? (
          <Button type="primary" onClick={close} data-testid="generate-close">
            {running ? t('codes.runInBackground') : t('import.close')}
          </Button>
        ) : (
          [
            <Button key="cancel" onClick={close}>
              {t('common:cancel')}
            </Button>,
            <Button key="ok" type="primary" loading={generate.isPending} onClick={() => form.submit()} data-testid="generate-submit">
              {t('codes.generate')}
            </Button>,
          ]
        )
      }
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {batchId && state ? (
        <div data-testid="generate-progress" aria-live="polite">
          <Progress percent={progressPercent(state)} status={state.status === 'FAILED' ? 'exception' : state.status === 'DONE' ? 'success' : 'active'} />
          <Typography.Paragraph style={{ marginTop: 8 }} data-testid="generate-progress-text">
            {state.status === 'DONE'
              ? t('codes.generated', { count: state.requested, formatted: formatThousands(state.requested) })
              : state.status === 'FAILED'
                ? t('codes.generateFailed', { error: batch.data?.error ?? '' })
                : t('codes.generating', { done: formatThousands(state.generated), total: formatThousands(state.requested) })}
          </Typography.Paragraph>
          {!finished ? <Typography.Text type="secondary">{t('codes.backgroundHint')}</Typography.Text> : null}
        </div>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ count: 100 }} onFinish={(v) => void onFinish(v)}>
          <Form.Item
            name="count"
            label={t('codes.count')}
            extra={t('codes.countHint', { max: formatThousands(GIFT_CODES_MAX_PER_BATCH) })}
            rules={[
              {
                validator: async (_, value: number | null) => {
                  const problem = codeCountError(value);
                  if (problem) throw new Error(t(`codes.countError.${problem}`, { max: formatThousands(GIFT_CODES_MAX_PER_BATCH) }));
                },
              },
            ]}
          >
            <InputNumber autoFocus precision={0} style={{ width: '100%' }} data-testid="generate-count" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
