import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Spin from 'antd/es/spin';
import type { PlaygroundMessageStatus } from '@zc/shared/api/playground';
import { ApiError } from '../../../lib/api-client';
import { fieldIssueText } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/formatters';
import { useErrorText } from '../../../lib/error-text';

/** The last send of the page: its request, the message id the server answered, when it started. */
export type SendAttempt = { state: 'sending' } | { state: 'rejected'; error: unknown } | { state: 'accepted'; id: string; startedAt: number };

/**
 * What became of the last send, beside the send button and updated live: refused by the server,
 * queued, accepted by Zalo, delivered, or failed with Zalo's reason in the console's language.
 */
export function SendOutcome({ attempt, status, statusError, timedOut }: { attempt: SendAttempt | null; status?: PlaygroundMessageStatus; statusError?: unknown; timedOut: boolean }) {
  const { t, i18n } = useTranslation('playground');
  const errorText = useErrorText();
  if (!attempt) return null;
  const box = (type: 'info' | 'success' | 'warning' | 'error', outcome: string, title: string, description?: string, busy = false) => (
    <Alert
      type={type}
      showIcon
      icon={busy ? <Spin size="small" /> : undefined}
      title={title}
      description={description}
      data-testid="playground-outcome"
      data-outcome={outcome}
      style={{ marginBottom: 12 }}
    />
  );
  if (attempt.state === 'sending') return box('info', 'sending', t('playground.outcome.sending'), undefined, true);
  if (attempt.state === 'rejected') {
    const field = attempt.error instanceof ApiError ? attempt.error.fields[0] : undefined;
    return box('error', 'rejected', t('playground.outcome.rejected'), field ? `${fieldIssueText(field)} (${field.path})` : errorText(attempt.error));
  }
  if (!status) return box('info', 'queued', t('playground.outcome.queued'), statusError ? errorText(statusError) : undefined, !statusError);
  const lang = i18n.language?.startsWith('en') ? 'en' : 'vi';
  const reason = status.error ? [status.error[lang].meaning, status.error[lang].action].filter(Boolean).join(' ') + (status.error.code !== null ? ` (${status.error.code})` : '') : undefined;
  switch (status.outcome) {
    case 'delivered':
      return box('success', 'delivered', t('playground.outcome.delivered'), status.deliveredAt ? t('playground.outcome.deliveredAt', { time: formatDateTime(status.deliveredAt) }) : undefined);
    case 'failed':
      return box('error', 'failed', t('playground.outcome.failed'), reason);
    case 'accepted':
      return timedOut
        ? box('warning', 'accepted', t('playground.outcome.accepted'), t('playground.outcome.noReceipt'))
        : box('info', 'accepted', t('playground.outcome.accepted'), t('playground.outcome.waitingReceipt'), true);
    default:
      return timedOut
        ? box('warning', 'queued', t('playground.outcome.queued'), reason ? t('playground.outcome.retrying', { reason }) : t('playground.outcome.stillQueued'))
        : box('info', 'queued', t('playground.outcome.queued'), reason ? t('playground.outcome.retrying', { reason }) : undefined, true);
  }
}
