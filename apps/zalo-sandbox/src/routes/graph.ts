import type { FastifyInstance } from 'fastify';
import type { Sandbox } from '../sandbox';

/**
 * Social / Mini App graph (`/graph/v2.0`): `/me` with the OA-independent user token is out of the
 * sandbox's scope; it answers Zalo's flat body for the seed admin so Mini App flows can be wired.
 */
export function registerGraphRoutes(app: FastifyInstance, sb: Sandbox): void {
  app.get('/graph/v2.0/me', async (req) => {
    if (!req.headers.access_token) return { error: 452, message: 'Session key invalid' };
    const oa = [...sb.state.oas.values()][0];
    const admin = oa ? [...(sb.state.users.get(oa.oaId)?.values() ?? [])][0] : undefined;
    if (!admin) return { error: -201, message: 'user is invalid!' };
    return { id: admin.userIdByApp, name: admin.displayName, picture: { data: { url: admin.avatar } }, error: 0, message: 'Success' };
  });
  app.get('/graph/v2.0/me/info', async (req) => {
    if (!req.headers.access_token || !req.headers.code) return { error: -1401, message: 'Authentication required' };
    const oa = [...sb.state.oas.values()][0];
    const admin = oa ? [...(sb.state.users.get(oa.oaId)?.values() ?? [])][0] : undefined;
    return { data: { number: admin?.sharedInfo?.phone ?? '84987000001' }, error: 0, message: 'Success' };
  });
}
