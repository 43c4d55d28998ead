import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, shot } from './support/harness';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('sign-in lock', () => {
  it('shows the wait after too many wrong passwords, counting down with the button disabled (vi)', async () => {
    // An address nobody owns: the lock answers alike for unknown accounts, and no demo login is locked for the other journeys.
    const email = `locked-${Date.now()}@demo.vn`;
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(`${BASE_URL}/api/auth/login/credential`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'wrong-password' }) });
      assert.equal(res.status, 401);
    }
    const context = await browser.newContext({ locale: 'vi-VN' });
    const page = await context.newPage();
    try {
      await page.goto(`${BASE_URL}/login`);
      await page.getByLabel(/Email/).fill(email);
      await page.locator('input[type=password]').fill('wrong-password');
      await page.getByTestId('login-submit').click();
      const locked = page.getByTestId('login-locked');
      await locked.or(page.getByTestId('login-error')).waitFor();
      // On a slow machine the 1-minute lock may be over already: that wrong password locks again, for 2 minutes.
      if (!(await locked.isVisible())) {
        await page.getByTestId('login-submit').click();
        await locked.waitFor();
      }
      const first = (await locked.textContent()) ?? '';
      assert.match(first, /^Bạn đã đăng nhập sai quá nhiều lần\. Vui lòng thử lại sau [0-2]:\d\d\.$/);
      assert.equal(await page.getByTestId('login-submit').isDisabled(), true);
      await page.screenshot({ path: shot('login-locked-vi') });
      await page.waitForFunction((before) => document.querySelector('[data-testid=login-locked]')?.textContent !== before, first, { timeout: 5000 });
    } finally {
      await context.close();
    }
  });
});
