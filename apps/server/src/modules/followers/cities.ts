import type { FollowerCity } from '@zc/shared/api/followers';

/**
 * The city and district ids a follower's shared info is edited with (Zalo's user/update takes
 * `city_id` and `district_id` as integers, REFERENCE §13.1). Zalo publishes no district list; this is
 * the product's own table, served to the web by GET oa-user/cities. City ids follow Zalo's province
 * codes (the same numbering as the broadcast targeting codes, REFERENCE §8); district ids are unique
 * across cities, so a district of another city is refused.
 */
export const FOLLOWER_CITIES: readonly FollowerCity[] = [
  {
    name: 'Hồ Chí Minh', value: 4,
    districts: [
      { name: 'Quận 1', value: 0 }, { name: 'Quận 3', value: 1 }, { name: 'Quận 7', value: 2 }, { name: 'Bình Thạnh', value: 3 },
      { name: 'Thủ Đức', value: 8 }, { name: 'Gò Vấp', value: 10 }, { name: 'Tân Bình', value: 11 }, { name: 'Phú Nhuận', value: 20 },
    ],
  },
  {
    name: 'Hà Nội', value: 9,
    districts: [
      { name: 'Ba Đình', value: 4 }, { name: 'Cầu Giấy', value: 5 }, { name: 'Đống Đa', value: 9 }, { name: 'Hoàn Kiếm', value: 12 },
      { name: 'Tây Hồ', value: 13 }, { name: 'Hai Bà Trưng', value: 21 },
    ],
  },
  { name: 'Đà Nẵng', value: 20, districts: [{ name: 'Hải Châu', value: 6 }, { name: 'Sơn Trà', value: 14 }, { name: 'Thanh Khê', value: 15 }] },
  { name: 'Bình Dương', value: 29, districts: [{ name: 'Thủ Dầu Một', value: 16 }, { name: 'Dĩ An', value: 17 }] },
  { name: 'Khánh Hòa', value: 32, districts: [{ name: 'Nha Trang', value: 18 }, { name: 'Cam Ranh', value: 19 }] },
];

/** The city, and the district within it, of two ids; null names the id at fault. */
export function resolveLocation(cityId: number | undefined, districtId: number | undefined): { city?: FollowerCity; district?: { name: string; value: number }; bad?: 'cityId' | 'districtId' } {
  const city = cityId === undefined ? undefined : FOLLOWER_CITIES.find((c) => c.value === cityId);
  if (cityId !== undefined && !city) return { bad: 'cityId' };
  if (districtId === undefined) return { city };
  // A district needs its city (given, or found from the district itself when only the district changes).
  const owner = city ?? FOLLOWER_CITIES.find((c) => c.districts.some((d) => d.value === districtId));
  const district = owner?.districts.find((d) => d.value === districtId);
  if (!owner || !district) return { bad: 'districtId' };
  return { city: owner, district };
}
