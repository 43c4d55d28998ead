import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiUrl } from './api';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('the API base of a build served by Zalo (VITE_ZC_API_BASE)', () => {
  it('is the page origin when empty, and prefixes the absolute base otherwise', () => {
    expect(apiUrl('me', '')).toBe('/api/zma/app/me');
    expect(apiUrl('me', 'https://console.example.com')).toBe('https://console.example.com/api/zma/app/me');
    expect(apiUrl('session', 'https://console.example.com/')).toBe('https://console.example.com/api/zma/app/session');
  });

  it('calls go to the configured base', async () => {
    vi.stubEnv('VITE_ZC_API_BASE', 'https://api.example.com');
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { gifts: [] } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api.gifts();
    expect(fetchMock).toHaveBeenCalledWith('https://api.example.com/api/zma/app/gifts', expect.objectContaining({ method: 'GET' }));
  });
});
