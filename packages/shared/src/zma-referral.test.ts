import { describe, expect, it } from 'vitest';
import { browserReferralLink, zaloReferralLink } from './zma-referral';

const ID = '0b9d3f0e-8d5a-4a4e-9d7e-2f1f3c2a1b00';

describe('referral links carry the customer as ?ref=', () => {
  it("Zalo's mini-app link", () => {
    expect(zaloReferralLink('1234567890', ID)).toBe(`https://zalo.me/s/1234567890/?ref=${ID}`);
  });

  it("a browser link keeps the app, sandbox and language but never the inviter's token", () => {
    const link = browserReferralLink(`http://127.0.0.1:3000/mini-app/?zaloAppId=42&accessToken=secret&sandboxUser=u1&lang=en&ref=someone-else#x`, ID);
    const url = new URL(link);
    expect(url.pathname).toBe('/mini-app/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ zaloAppId: '42', lang: 'en', ref: ID });
  });
});
