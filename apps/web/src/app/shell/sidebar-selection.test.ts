import { describe, expect, it } from 'vitest';
import { findSelectedKey } from './sidebar';

const app = '/tenant/mini-app/0b6a';
const nodes = [
  { key: 'zma-dashboard', path: `${app}?tenantId=t` },
  { key: 'zma-branch', path: `${app}/branch?tenantId=t` },
  { key: 'zma-draws', path: `${app}/lucky-draw-config?tenantId=t` },
];
const q = new URLSearchParams('tenantId=t');

describe('the selected menu item', () => {
  it('a mini app dashboard is selected on itself only, its pages select their own item', () => {
    expect(findSelectedKey(nodes, app, q)).toBe('zma-dashboard');
    expect(findSelectedKey(nodes, `${app}/branch/42`, q)).toBe('zma-branch');
    expect(findSelectedKey(nodes, `${app}/lucky-draw-config/create`, q)).toBe('zma-draws');
  });

  it('rules and affiliate campaigns (no §2.2 item) select the lucky draws they are reached from', () => {
    expect(findSelectedKey(nodes, `${app}/rule`, q)).toBe('zma-draws');
    expect(findSelectedKey(nodes, `${app}/affiliate-campaign`, q)).toBe('zma-draws');
  });
});
