/**
 * Broadcast `cities` codes 0–41 (Zalo's order, REFERENCE §8). 42–62 are valid codes whose names
 * could not be retrieved; the sandbox accepts 0–62 and rejects others with -201.
 */
export const BROADCAST_CITIES: readonly string[] = [
  'Đồng Tháp', 'Bình Phước', 'Ninh Bình', 'Bạc Liêu', 'Hồ Chí Minh', 'Vĩnh Long', 'Lâm Đồng', 'Yên Bái', 'Hà Nam', 'Hà Nội',
  'Hải Dương', 'Hậu Giang', 'An Giang', 'Trà Vinh', 'Tiền Giang', 'Tây Ninh', 'Đồng Nai', 'Đắk Lắk', 'Bình Định', 'Kon Tum',
  'Đà Nẵng', 'Bắc Giang', 'Bắc Kạn', 'Điện Biên', 'Hòa Bình', 'Thái Bình', 'Vĩnh Phúc', 'Hà Giang', 'Kiên Giang', 'Bình Dương',
  'Bình Thuận', 'Đắk Nông', 'Khánh Hòa', 'Gia Lai', 'Quảng Nam', 'Quảng Trị', 'Hà Tĩnh', 'Hưng Yên', 'Quảng Ninh', 'Thanh Hóa',
  'Phú Thọ', 'Lai Châu',
];
export const MAX_CITY_CODE = 62;
