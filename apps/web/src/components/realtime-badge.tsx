import { useTranslation } from 'react-i18next';
import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { useRealtimeState } from '../lib/use-realtime';

/** A quiet "live" mark for pages that update from the realtime stream (and a hint to use Refresh when it is down). */
export function RealtimeBadge() {
  const { t } = useTranslation('shell');
  const state = useRealtimeState();
  const live = state === 'live';
  const label = live ? t('realtime.live') : state === 'connecting' ? t('realtime.connecting') : state === 'retrying' ? t('realtime.reconnecting') : t('realtime.offline');
  return (
    <Tooltip title={live ? t('realtime.liveHint') : t('realtime.offlineHint')}>
      <span data-testid="realtime-badge" data-state={state} tabIndex={0} style={{ fontSize: 13, color: live ? '#389e0d' : '#8c8c8c', whiteSpace: 'nowrap' }}>
        <Badge status={live ? 'processing' : 'default'} color={live ? '#52c41a' : undefined} text={<span style={{ color: 'inherit' }}>{label}</span>} />
      </span>
    </Tooltip>
  );
}
