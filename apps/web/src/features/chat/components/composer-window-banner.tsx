import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import type { Conversation } from '@zc/shared/api/chat';
import { formatDateTime } from '../../../lib/formatters';
import { PAID_REPLY_VND, splitDuration, windowState, type WindowState } from './composer-model';

/** The current time, renewed every `everyMs` (the window's countdown is to the minute). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function useWindowState(conversation: Conversation): WindowState {
  const now = useNow();
  return windowState(conversation.window, now);
}

/** "31 giờ 5 phút" / "4 ngày 3 giờ": what is left, to the minute. */
export function useDurationText(): (ms: number) => string {
  const { t } = useTranslation('chat-composer');
  return (ms) => {
    const d = splitDuration(ms);
    if (d.totalHours > 48) return t('window.days', { days: d.days, hours: d.hours });
    if (d.totalHours >= 1) return t('window.hours', { hours: d.totalHours, minutes: d.minutes });
    return t('window.minutes', { minutes: d.minutes });
  };
}

/** The customer-service window above the input (REFERENCE §3.4): free, paid, or closed with the reason. */
export function WindowBanner({ state }: { state: WindowState }) {
  const { t } = useTranslation('chat-composer');
  const duration = useDurationText();
  const common = { showIcon: true, banner: true, 'data-testid': 'chat-window', 'data-state': state.state } as const;
  switch (state.state) {
    case 'free':
      return <Alert {...common} type="success" title={t('window.free', { left: duration(state.remainingMs) })} />;
    case 'paid':
      return <Alert {...common} type="warning" title={t('window.paid', { price: PAID_REPLY_VND, left: duration(state.remainingMs) })} />;
    case 'closed':
      return <Alert {...common} type="error" title={t('window.closed', { date: formatDateTime(state.closedAt) })} />;
    case 'none':
      return <Alert {...common} type="info" title={t('window.none')} />;
  }
}
