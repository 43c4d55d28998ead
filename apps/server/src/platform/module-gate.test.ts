import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { tenantAccess, zmaAccess, merchantAccess } from './context';
import { moduleDeclarationProblem } from './module-gate';
import { registerRouteRules } from './mutation';

describe('module gate declarations (§8)', () => {
  it('asks a module of tenant routes under a service prefix only', () => {
    expect(moduleDeclarationProblem('/api/merchant/oa-user/getlist', tenantAccess('VIEW_ZALO_OA_USER'))).toMatch(/declares no module/);
    expect(moduleDeclarationProblem('/api/merchant/oa-content/broadcast/getList', tenantAccess('VIEW_ZALO_OA_CONTENT'))).toMatch(/declares no module/);
    expect(moduleDeclarationProblem('/api/uid/send-message-playground', tenantAccess('SEND_REQUEST_PLAYGROUND'))).toMatch(/declares no module/);
    expect(moduleDeclarationProblem('/api/merchant/oa-user/getlist', tenantAccess('VIEW_ZALO_OA_USER', 'oaService'))).toBeNull();
    expect(moduleDeclarationProblem('/api/zma/merchant/branch', zmaAccess('VIEW_ZMA_BRANCH' as never))).toBeNull();
    expect(moduleDeclarationProblem('/api/merchant/api-key', tenantAccess('VIEW_API_KEYS'))).toBeNull();
    expect(moduleDeclarationProblem('/api/merchant/zns-discount', tenantAccess('VIEW_TENANT_DISCOUNT'))).toBeNull();
    expect(moduleDeclarationProblem('/api/merchant/template/x', merchantAccess())).toBeNull();
    expect(moduleDeclarationProblem('/api/merchant/team-manager/user-teams', tenantAccess())).toBeNull();
  });

  it('refuses to register such a route', async () => {
    const app = Fastify();
    registerRouteRules(app, { strictAudit: false });
    let error: unknown = null;
    try {
      app.get('/api/merchant/chat/forgotten', { config: { access: tenantAccess('VIEW_ZALO_OA_CHAT') } }, async () => 'x');
      await app.ready();
    } catch (err) {
      error = err;
    } finally {
      await app.close().catch(() => undefined);
    }
    expect(String(error)).toMatch(/GET \/api\/merchant\/chat\/forgotten lies under \/api\/merchant\/chat\/ but declares no module/);
  });
});
