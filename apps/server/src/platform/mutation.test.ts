import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction } from '@zc/shared/api/audit';
import { auditDeclarationProblem, registerRouteRules } from './mutation';
import { publicAccess } from './context';

function appWithRules() {
  const app = Fastify();
  registerRouteRules(app, { strictAudit: false });
  return app;
}

describe('audit declarations at route registration', () => {
  it('refuses a mutating route whose audit action is not in the shared catalogue', async () => {
    const app = appWithRules();
    try {
      // The cast stands for a code typed past the compiler (a stale build, a JS plugin).
      expect(() => app.post('/api/x', { config: { access: publicAccess, audit: 'NOT_A_CATALOGUED_ACTION' as AuditAction } }, async () => 'x')).toThrow(/NOT_A_CATALOGUED_ACTION.*AUDIT_ACTIONS/);
    } finally {
      await app.close();
    }
  });

  it('accepts every catalogued action and a reasoned { none }', async () => {
    const app = appWithRules();
    try {
      expect(() => app.post('/api/known', { config: { access: publicAccess, audit: AUDIT_ACTIONS[0] } }, async () => 'x')).not.toThrow();
      expect(() => app.post('/api/none', { config: { access: publicAccess, audit: { none: 'reads only' } } }, async () => 'x')).not.toThrow();
    } finally {
      await app.close();
    }
    for (const action of AUDIT_ACTIONS) expect(auditDeclarationProblem(action)).toBeNull();
  });

  it('refuses { none } without a reason', () => {
    expect(auditDeclarationProblem({ none: ' ' })).toMatch(/neither/);
    expect(auditDeclarationProblem(42)).toMatch(/neither/);
    expect(auditDeclarationProblem(undefined)).toBeNull();
  });
});
