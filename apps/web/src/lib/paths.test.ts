import { describe, expect, it } from 'vitest';
import { loginHref, readNextParam, safeNextPath, tenantHref, PAGES } from './paths';

describe('safeNextPath (return after sign-in, no open redirect)', () => {
  it('keeps an in-app path with its query and hash', () => {
    expect(safeNextPath('/tenant/api-keys?tenantId=abc')).toBe('/tenant/api-keys?tenantId=abc');
    expect(safeNextPath('/dashboard/user#top')).toBe('/dashboard/user#top');
  });

  it('refuses other origins, protocol-relative and backslash tricks', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      'dashboard',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(value), String(value)).toBeNull();
    }
  });

  it('refuses the sign-in pages themselves and the root', () => {
    expect(safeNextPath('/login?next=/dashboard')).toBeNull();
    expect(safeNextPath('/register')).toBeNull();
    expect(safeNextPath('/forgot-password/')).toBeNull();
    expect(safeNextPath('/')).toBeNull();
  });

  it('round-trips through the login address', () => {
    const href = loginHref('/tenant/zns-service/history?tenantId=t1&status=ERROR');
    expect(href).toBe('/login?next=%2Ftenant%2Fzns-service%2Fhistory%3FtenantId%3Dt1%26status%3DERROR');
    expect(readNextParam(href.slice(href.indexOf('?')))).toBe('/tenant/zns-service/history?tenantId=t1&status=ERROR');
    expect(loginHref('//evil.example')).toBe('/login');
    expect(readNextParam('?next=https%3A%2F%2Fevil.example')).toBeNull();
  });

  it('builds tenant addresses with the tenantId query parameter', () => {
    expect(tenantHref(PAGES.apiKeys, 'a b')).toBe('/tenant/api-keys?tenantId=a%20b');
  });
});
