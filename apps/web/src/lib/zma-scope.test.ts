import { describe, expect, it } from 'vitest';
import { ZMA_PERMISSIONS } from '@zc/shared/permissions';
import { PAGES } from './paths';
import { canOpenZmaPage, isZmaQueryKey, ZMA_PAGE_PERMISSION, zmaAppIdOf, zmaPageKeyOf, type ZmaPageKey } from './zma-scope';

describe('ZMA_PAGE_PERMISSION', () => {
  it('covers every page under /tenant/mini-app/:id and nothing else', () => {
    const mini = Object.entries(PAGES)
      .filter(([, p]) => p.path.startsWith('/tenant/mini-app/'))
      .map(([k]) => k)
      .sort();
    expect(Object.keys(ZMA_PAGE_PERMISSION).sort()).toEqual(mini);
  });

  it('asks only for §6 mini-app permissions', () => {
    for (const requirement of Object.values(ZMA_PAGE_PERMISSION)) {
      for (const p of [requirement].flat()) expect(ZMA_PERMISSIONS).toContain(p);
    }
  });

  it('opens a page only with its permission in the union of that app', () => {
    expect(canOpenZmaPage(PAGES.zmaApp, new Set(['VIEW_ZMA_DASHBOARD']))).toBe(true);
    expect(canOpenZmaPage(PAGES.zmaApp, new Set(['VIEW_ZMA_BRANCH']))).toBe(false);
    expect(canOpenZmaPage(PAGES.zmaDrawCreate, new Set(['VIEW_ZMA_GAME']))).toBe(false);
    expect(canOpenZmaPage(PAGES.zmaDrawCreate, new Set(['CREATE_ZMA_GAME']))).toBe(true);
    expect(canOpenZmaPage(PAGES.zmaUsers, new Set(['VIEW_ZMA_ROLE']))).toBe(true);
    expect(canOpenZmaPage(PAGES.zmaUsers, new Set(['VIEW_ZMA_USER']))).toBe(true);
    expect(canOpenZmaPage(PAGES.zmaRole, new Set(['VIEW_ZMA_USER']))).toBe(false);
    expect(canOpenZmaPage(PAGES.zmaSettings, new Set(['UPDATE_ZMA_SETTING']))).toBe(false);
    expect(canOpenZmaPage(PAGES.zmaSettings, new Set(['VIEW_ZMA_SETING']))).toBe(true);
  });

  it('leaves pages outside the mini app to the shell', () => {
    expect(zmaPageKeyOf(PAGES.zmaHome)).toBeNull();
    expect(canOpenZmaPage(PAGES.zmaHome, new Set())).toBe(true);
    expect(canOpenZmaPage(null, new Set())).toBe(true);
    expect(zmaPageKeyOf(PAGES.zmaBranch)).toBe<ZmaPageKey>('zmaBranch');
  });
});

describe('mini-app scope helpers', () => {
  it('reads the app id of a mini-app address', () => {
    expect(zmaAppIdOf('/tenant/mini-app/abc')).toBe('abc');
    expect(zmaAppIdOf('/tenant/mini-app/abc/user/r1')).toBe('abc');
    expect(zmaAppIdOf('/tenant/zalo-mini-app')).toBeNull();
    expect(zmaAppIdOf('/tenant')).toBeNull();
  });

  it('recognises the queries §4 switching drops', () => {
    expect(isZmaQueryKey(['zma-me', 'a'])).toBe(true);
    expect(isZmaQueryKey(['zma', 'branches'])).toBe(true);
    expect(isZmaQueryKey(['api-keys'])).toBe(false);
  });
});
