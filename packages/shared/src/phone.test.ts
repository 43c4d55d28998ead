import { describe, expect, it } from 'vitest';
import { carrierOf, isValidVietnamPhone, normalizeVietnamPhone, parseVietnamPhone } from './phone';

describe('normalizeVietnamPhone', () => {
  it.each([
    ['0987654321', '84987654321'],
    ['+84 987 654 321', '84987654321'],
    ['987654321', '84987654321'],
    ['84987654321', '84987654321'],
    ['+84-987.654.321', '84987654321'],
    ['0084987654321', '84987654321'],
    ['840987654321', '84987654321'],
    ['(098) 765 4321', '84987654321'],
    ['01662345678', '84362345678'], // legacy Viettel 0166 → 036
    ['01224567890', '84774567890'], // legacy MobiFone 0122 → 077
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizeVietnamPhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'format'],
    ['098765432', 'format'],
    ['09876543210', 'format'],
    ['0957654321', 'prefix'], // S-Fone 095, defunct
    ['0217654321', 'prefix'], // landline-ish prefix
    ['84123456789', 'prefix'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(parseVietnamPhone(input)).toEqual({ ok: false, reason });
    expect(isValidVietnamPhone(input)).toBe(false);
  });
});

describe('carrierOf', () => {
  it.each([
    ['0961234567', 'Viettel'],
    ['0321234567', 'Viettel'],
    ['0861234567', 'Viettel'],
    ['0901234567', 'Mobifone'],
    ['0701234567', 'Mobifone'],
    ['0891234567', 'Mobifone'],
    ['0911234567', 'Vinaphone'],
    ['0881234567', 'Vinaphone'],
    ['0851234567', 'Vinaphone'],
    ['0921234567', 'Vietnamobile'],
    ['0521234567', 'Vietnamobile'],
    ['0991234567', 'Gmobile'],
    ['0591234567', 'Gmobile'],
    ['0871234567', 'Itelecom'],
    ['0551234567', 'Reddi'],
  ])('names the carrier of %s as %s', (input, carrier) => {
    expect(carrierOf(input)).toBe(carrier);
  });

  it('returns the national form too', () => {
    expect(parseVietnamPhone('+84 912 345 678')).toEqual({ ok: true, msisdn: '84912345678', national: '0912345678', carrier: 'Vinaphone' });
  });
});
