import type { BroadcastCity } from '@zc/shared/api/broadcasts';

/**
 * The one table of Zalo's broadcast `cities` codes (CODE_PROVINCE_CITY_ZALO, REFERENCE §8), served by
 * `broadcast/attribute` and used to validate every broadcast's target. Nothing else in the product
 * lists provinces for broadcasts.
 *
 * Codes 0–41 are Zalo's, as transcribed in REFERENCE §8 (41 'Lai Châu' is inferred from a truncated
 * name). Codes 42–62 could not be retrieved: they are the 21 remaining pre-2025 provinces, and their
 * ORDER HERE IS INFERRED — the order in which REFERENCE §8 lists them, not a confirmed Zalo order. They
 * carry `inferred: true` so the screen can say so. Districts: Zalo publishes no district codes for
 * broadcasts (targeting stops at the province), so each province's list is empty.
 */
const KNOWN = [
  'Đồng Tháp', 'Bình Phước', 'Ninh Bình', 'Bạc Liêu', 'Hồ Chí Minh', 'Vĩnh Long', 'Lâm Đồng', 'Yên Bái', 'Hà Nam', 'Hà Nội',
  'Hải Dương', 'Hậu Giang', 'An Giang', 'Trà Vinh', 'Tiền Giang', 'Tây Ninh', 'Đồng Nai', 'Đắk Lắk', 'Bình Định', 'Kon Tum',
  'Đà Nẵng', 'Bắc Giang', 'Bắc Kạn', 'Điện Biên', 'Hòa Bình', 'Thái Bình', 'Vĩnh Phúc', 'Hà Giang', 'Kiên Giang', 'Bình Dương',
  'Bình Thuận', 'Đắk Nông', 'Khánh Hòa', 'Gia Lai', 'Quảng Nam', 'Quảng Trị', 'Hà Tĩnh', 'Hưng Yên', 'Quảng Ninh', 'Thanh Hóa',
  'Phú Thọ', 'Lai Châu',
] as const;
/** Codes 42–62, order inferred (see above). */
const INFERRED = [
  'Bà Rịa-Vũng Tàu', 'Bắc Ninh', 'Bến Tre', 'Cà Mau', 'Cần Thơ', 'Cao Bằng', 'Hải Phòng', 'Lạng Sơn', 'Lào Cai', 'Long An',
  'Nam Định', 'Nghệ An', 'Ninh Thuận', 'Phú Yên', 'Quảng Bình', 'Quảng Ngãi', 'Sóc Trăng', 'Sơn La', 'Thái Nguyên', 'Thừa Thiên Huế',
  'Tuyên Quang',
] as const;

export const BROADCAST_CITY_TABLE: readonly BroadcastCity[] = [
  ...KNOWN.map((name, value) => ({ name, value, inferred: value === 41, districts: [] })),
  ...INFERRED.map((name, i) => ({ name, value: KNOWN.length + i, inferred: true, districts: [] })),
];

const CODES = new Set(BROADCAST_CITY_TABLE.map((c) => c.value));
export const isBroadcastCity = (code: number): boolean => CODES.has(code);
