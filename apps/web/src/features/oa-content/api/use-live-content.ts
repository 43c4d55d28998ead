import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeResync } from '../../../lib/use-realtime';
import { oaContentKey, oaVideosKey } from './types';

/**
 * Live content: a status or per-OA publishing change (oa_content.changed) refetches the lists and
 * details on screen; a video's conversion (oa_video.changed) the video picker. No polling.
 */
export function useLiveContent() {
  const queryClient = useQueryClient();
  useRealtimeEvent('oa_content.changed', () => void queryClient.invalidateQueries({ queryKey: oaContentKey }));
  useRealtimeEvent('oa_video.changed', () => void queryClient.invalidateQueries({ queryKey: oaVideosKey }));
  useRealtimeResync(() => void queryClient.invalidateQueries({ queryKey: oaContentKey }));
}
