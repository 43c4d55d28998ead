import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeConnection, useRealtimeEvent, useRealtimeResync } from '../lib/use-realtime';

/**
 * The signed-in session's realtime stream, mounted once in the shell (app-shell.tsx), with the
 * reactions that belong to no page: the OA switcher and OA pages show the token state
 * (REFRESH_FAILED until re-connected). Pages subscribe with useRealtimeEvent themselves.
 */
export function RealtimeConnector({ merchantId }: { merchantId: string | null }) {
  const queryClient = useQueryClient();
  useRealtimeConnection(merchantId);
  useRealtimeEvent('zalo_oa.token_refresh_failed', () => void queryClient.invalidateQueries({ queryKey: ['zalo-oa'] }));
  useRealtimeResync(() => void queryClient.invalidateQueries({ queryKey: ['zalo-oa'] }));
  return null;
}
