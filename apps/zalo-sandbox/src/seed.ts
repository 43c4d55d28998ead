import { createHash } from 'node:crypto';
import type { ZnsTemplateParam } from '@zc/zalo/zns';
import { createPrng, digits, pick } from './prng';
import type { SandboxState, SandboxTemplate, SandboxUser, TemplateTag } from './state';
import { tokenFor } from './tokens';
import { BROADCAST_CITIES } from './cities';

/** The demo mini app (Mini App identity in mini-app-state.ts) the product's demo seed registers. */
export { SANDBOX_MINI_APP_ID, SANDBOX_MINI_APP_NAME, SANDBOX_MINI_APP_SECRET } from './mini-app-state';

/** Constants a product needs to connect its demo OA to the sandbox. */
export const SANDBOX_APP_ID = '3608465249409039671';
export const SANDBOX_APP_SECRET_KEY = 'SbxAppSecret-7fQ2mZ9kLw3xVb1N';
/** The "OA secret key" that signs webhooks (REFERENCE §5.2). */
export const SANDBOX_WEBHOOK_SECRET = 'SbxOaSecretKey-h8Tq4Rj2Yc6Pd0Ks';
export const SANDBOX_OA_ID = '4318234598871134001';
export const SANDBOX_SECOND_OA_ID = '4318234598871134002';
/** A third OA, so a journey can publish to two OAs while another journey holds the second one. */
export const SANDBOX_THIRD_OA_ID = '4318234598871134003';
export const SANDBOX_OA_IDS = [SANDBOX_OA_ID, SANDBOX_SECOND_OA_ID, SANDBOX_THIRD_OA_ID] as const;
/** Admin phone per OA: development-mode ZNS reaches it (and nobody else). */
export const SANDBOX_ADMIN_PHONES: Readonly<Record<string, string>> = { [SANDBOX_OA_ID]: '84987000001', [SANDBOX_SECOND_OA_ID]: '84987000002', [SANDBOX_THIRD_OA_ID]: '84987000003' };
/** The seed token pairs (generation 1). The first refresh invalidates them, as on Zalo. */
export const SANDBOX_INITIAL_TOKENS: Readonly<Record<string, { accessToken: string; refreshToken: string }>> = Object.fromEntries(
  SANDBOX_OA_IDS.map((id) => [id, { accessToken: tokenFor('a', id, 1), refreshToken: tokenFor('r', id, 1) }]),
);
export const SANDBOX_SEED = 20261121;
/** Template ids of the main OA, by purpose (the second OA's ids end in 2 instead of 1). */
export const SANDBOX_TEMPLATE_IDS = {
  otp: '3010011',
  orderConfirmation: '3010021',
  shipping: '3010031',
  paymentReminder: '3010041',
  rating: '3010051',
  promotion: '3010061',
  pendingReview: '3010071',
  rejected: '3010081',
  disabled: '3010091',
  deleted: '3010101',
} as const;
/** The review note of the seed's rejected template (info/v2 `reason`). */
export const SANDBOX_REJECT_REASON = 'Nội dung mang tính quảng cáo, không phù hợp với loại mẫu đã chọn';
export const SANDBOX_ZNS_DAILY_QUOTA = 5_000;

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý'];
const MIDDLE_F = ['Thị', 'Ngọc', 'Thu', 'Thanh', 'Minh', 'Bảo', 'Khánh', 'Mỹ'];
const MIDDLE_M = ['Văn', 'Minh', 'Quốc', 'Hữu', 'Đức', 'Gia', 'Thành', 'Anh'];
const GIVEN_F = ['An', 'Anh', 'Châu', 'Giang', 'Hà', 'Hạnh', 'Hoa', 'Hương', 'Lan', 'Linh', 'Mai', 'Ngân', 'Nhung', 'Phương', 'Quỳnh', 'Thảo', 'Trang', 'Vy', 'Yến'];
const GIVEN_M = ['Bình', 'Dũng', 'Hải', 'Hiếu', 'Hùng', 'Khang', 'Long', 'Minh', 'Nam', 'Phúc', 'Quân', 'Sơn', 'Tâm', 'Tuấn', 'Việt', 'Bảo'];
const DISTRICTS = ['Quận 1', 'Quận 3', 'Quận 7', 'Bình Thạnh', 'Ba Đình', 'Cầu Giấy', 'Hải Châu', 'Ninh Kiều', 'Thủ Đức', 'Đống Đa'];
const STREETS = ['Lê Lợi', 'Nguyễn Huệ', 'Trần Hưng Đạo', 'Hai Bà Trưng', 'Lý Thường Kiệt', 'Điện Biên Phủ', 'Võ Văn Tần', 'Pasteur'];
const MOBILE_PREFIXES = ['96', '97', '98', '86', '32', '35', '38', '90', '93', '70', '77', '89', '91', '94', '88', '83', '85', '92', '56', '99', '87'];

/** dd/MM/yyyy needs two digits for day and month. */
const pad2 = (n: number) => String(n).padStart(2, '0');

const p = (name: string, maxLength: number, require = true): ZnsTemplateParam => ({ name, require, type: 'STRING', maxLength, minLength: 0, acceptNull: !require });

interface TemplateSpec {
  key: keyof typeof SANDBOX_TEMPLATE_IDS;
  name: string;
  tag: TemplateTag;
  status: SandboxTemplate['status'];
  price: number;
  params: ZnsTemplateParam[];
  sample: Record<string, string>;
  uid?: boolean;
  /** Made in the ZBS console rather than through the app (`filterPreset=1` leaves it out). */
  console?: boolean;
  reason?: string;
  /** A fixed age instead of a drawn one: templates added later must not shift the PRNG sequence of the rest of the seed. */
  ageDays?: number;
}

const TEMPLATES: TemplateSpec[] = [
  // Tags mix both of Zalo's vocabularies on purpose (REFERENCE §13.1): OTP / IN_TRANSACTION beside TRANSACTION / CUSTOMER_CARE / PROMOTION.
  { key: 'otp', name: 'Mã xác thực OTP', tag: 'OTP', status: 'ENABLE', price: 300, params: [p('otp', 10)], sample: { otp: '482913' } },
  {
    key: 'orderConfirmation', name: 'Xác nhận đơn hàng', tag: 'TRANSACTION', status: 'ENABLE', price: 440, uid: true,
    params: [p('customer_name', 30), p('order_code', 30), p('amount', 20), p('order_date', 20)],
    sample: { customer_name: 'Nguyễn Thị Hoàng Anh', order_code: 'DH2611210001', amount: '1.250.000đ', order_date: '21/11/2026' },
  },
  {
    key: 'shipping', name: 'Cập nhật giao hàng', tag: 'IN_TRANSACTION', status: 'ENABLE', price: 300,
    params: [p('customer_name', 30), p('order_code', 30), p('status', 30), p('address', 200)],
    sample: { customer_name: 'Trần Văn Nam', order_code: 'DH2611210002', status: 'Đang giao', address: '12 Lê Lợi, Quận 1, TP.HCM' },
  },
  {
    key: 'paymentReminder', name: 'Nhắc thanh toán', tag: 'CUSTOMER_CARE', status: 'ENABLE', price: 220,
    params: [p('customer_name', 30), p('contract_code', 30), p('amount', 20), p('due_date', 20), p('note', 90, false)],
    sample: { customer_name: 'Lê Minh Khang', contract_code: 'HD-88213', amount: '550.000đ', due_date: '30/11/2026', note: '' },
  },
  {
    key: 'rating', name: 'Đánh giá dịch vụ', tag: 'CUSTOMER_CARE', status: 'ENABLE', price: 220,
    params: [p('customer_name', 30), p('service_name', 200)], sample: { customer_name: 'Phạm Thu Hà', service_name: 'Bảo dưỡng xe máy' },
  },
  {
    key: 'promotion', name: 'Ưu đãi thành viên', tag: 'PROMOTION', status: 'ENABLE', price: 800,
    params: [p('customer_name', 30), p('voucher_code', 30), p('discount', 20), p('expiry', 20)],
    sample: { customer_name: 'Võ Ngọc Yến', voucher_code: 'VIP50K', discount: '50.000đ', expiry: '31/12/2026' },
  },
  { key: 'pendingReview', name: 'Thông báo lịch hẹn', tag: 'CUSTOMER_CARE', status: 'PENDING_REVIEW', price: 220, params: [p('customer_name', 30), p('time', 20)], sample: { customer_name: 'Đỗ Gia Bảo', time: '09:00 22/11/2026' } },
  {
    key: 'rejected', name: 'Khuyến mãi cuối tuần', tag: 'PROMOTION', status: 'REJECT', price: 800, params: [p('customer_name', 30)], sample: { customer_name: 'Bùi Thanh Tâm' },
    reason: SANDBOX_REJECT_REASON,
  },
  { key: 'disabled', name: 'Thông báo bảo trì', tag: 'TRANSACTION', status: 'DISABLE', price: 300, params: [p('time', 20)], sample: { time: '23:00 21/11/2026' }, console: true },
  { key: 'deleted', name: 'Thông báo cũ', tag: 'CUSTOMER_CARE', status: 'DELETE', price: 220, params: [p('customer_name', 30)], sample: { customer_name: 'Hồ Minh Quân' }, ageDays: 200 },
];

/** Name, description and category of each seed OA (the third one is seeded after the others, so their data is unchanged). */
const OA_PROFILES = [
  { name: 'Cửa hàng Sen Việt', description: 'Mỹ phẩm và quà tặng', cateName: 'Mua sắm' },
  { name: 'Phòng khám An Tâm', description: 'Phòng khám đa khoa', cateName: 'Y tế' },
  { name: 'Nhà sách Hồng Hà', description: 'Sách và văn phòng phẩm', cateName: 'Giáo dục' },
];

/** Fills `state` with the deterministic demo data (one app, three OAs, followers, templates, articles). */
export function seedState(state: SandboxState, now: number, seed = SANDBOX_SEED): void {
  const rand = createPrng(seed);
  state.apps.set(SANDBOX_APP_ID, {
    appId: SANDBOX_APP_ID, name: 'Zalo Console Sandbox App', secretKey: SANDBOX_APP_SECRET_KEY, webhookSecret: SANDBOX_WEBHOOK_SECRET, redirectUris: [],
  });
  SANDBOX_OA_IDS.forEach((oaId, i) => {
    const n = i + 1;
    state.oas.set(oaId, {
      oaId, appId: SANDBOX_APP_ID, name: OA_PROFILES[i]?.name ?? `OA ${n}`, description: OA_PROFILES[i]?.description ?? '',
      alias: `sandbox_oa_${n}`, avatar: `https://s120-ava-talk.zadn.vn/sandbox/oa${n}.jpg`, cover: `https://cover-talk.zadn.vn/sandbox/oa${n}.jpg`,
      isVerified: true, oaType: 2, cateName: OA_PROFILES[i]?.cateName ?? '', packageName: 'Nâng cao', packageValidThrough: '31/12/2027',
      tokenGen: 1, accessExpiresAt: now + 90_000_000, adminPhones: new Set([SANDBOX_ADMIN_PHONES[oaId] ?? '']), adminUserIds: new Set(),
      znsDailyQuota: SANDBOX_ZNS_DAILY_QUOTA, znsPromotionDailyQuota: 1_250, usage: { dayKey: '', zns: 0, znsPromotion: 0, devZns: 0 },
      quality: { current: 'HIGH', sevenDay: 'HIGH' }, tags: new Set(['VIP', 'Khách mới', 'Khách Q1']),
    });
    const users = new Map<string, SandboxUser>();
    const count = n === 1 ? 300 : 120;
    for (let u = 0; u < count; u++) {
      const gender = rand() < 0.55 ? 2 : 1;
      const name = `${pick(rand, FAMILY)} ${pick(rand, gender === 2 ? MIDDLE_F : MIDDLE_M)} ${pick(rand, gender === 2 ? GIVEN_F : GIVEN_M)}`;
      const userId = digits(rand, 19);
      const cityCode = pick(rand, [4, 4, 4, 9, 9, 20, 16, 29, 12, 32, 39]);
      const phone = `84${pick(rand, MOBILE_PREFIXES)}${digits(rand, 7)}`;
      // The first user of each OA is its admin and always reachable; the rest spread over 14 days.
      const lastInteraction = u === 0 ? now - 3600_000 : now - Math.floor(rand() * 14 * 24 * 3600_000);
      const user: SandboxUser = {
        userId, userIdByApp: digits(rand, 18), oaId, displayName: name, alias: '', externalId: '', avatar: `https://s120-ava-talk.zadn.vn/sandbox/u${u}.jpg`,
        isFollower: u === 0 || rand() < 0.95, isSensitive: false, lastInteraction, tags: new Set(), notes: [], gender, ageGroup: 2 + Math.floor(rand() * 4),
        cityCode, platform: rand() < 0.4 ? 1 : 2,
      };
      if (u === 0 || rand() < 0.6) {
        user.sharedInfo = {
          name, phone: u === 0 ? SANDBOX_ADMIN_PHONES[oaId] ?? phone : phone, city: BROADCAST_CITIES[cityCode] ?? 'Hồ Chí Minh', district: pick(rand, DISTRICTS),
          address: `${1 + Math.floor(rand() * 200)} ${pick(rand, STREETS)}`, user_dob: `${pad2(1 + Math.floor(rand() * 28))}/${pad2(1 + Math.floor(rand() * 12))}/${1970 + Math.floor(rand() * 35)}`,
        };
      }
      if (rand() < 0.15) user.tags.add('VIP');
      if (rand() < 0.2) user.tags.add('Khách mới');
      users.set(userId, user);
      if (u === 0) state.oas.get(oaId)?.adminUserIds.add(userId);
    }
    state.users.set(oaId, users);
    state.oaMessages.set(oaId, []);
    for (const t of TEMPLATES) {
      const templateId = SANDBOX_TEMPLATE_IDS[t.key].slice(0, -1) + String(n);
      state.templates.set(templateId, {
        templateId, oaId, name: t.name, status: t.status, tag: t.tag, params: t.params, price: t.price, quality: t.status === 'DISABLE' ? 'LOW' : 'HIGH',
        createdTime: now - (t.ageDays ?? Math.floor(rand() * 90)) * 24 * 3600_000, sample: t.sample, uidCapable: t.uid === true, viaApp: t.console !== true, reason: t.reason,
        buttons: t.tag === 'PROMOTION' ? [{ type: 1, title: 'Xem ưu đãi', content: 'https://example.vn/uu-dai' }] : [],
      });
      if (t.key === 'rating') {
        const notes = ['Nhân viên nhiệt tình', 'Giao hàng hơi chậm', 'Rất hài lòng', '', 'Sẽ quay lại'];
        state.ratings.set(templateId, notes.map((note, r) => ({
          note, rate: 5 - (r % 3), submitDate: String(now - (r + 1) * 3_600_000), msgId: `rating${n}${r}`.padEnd(20, '0'),
          feedbacks: r % 2 ? ['Giá hợp lý'] : ['Chất lượng tốt', 'Phục vụ nhanh'], trackingId: `seed-rating-${r}`,
        })));
      }
    }
    for (let a = 0; a < (n === 1 ? 14 : 4); a++) {
      // Zalo article ids are 20 hex characters (REFERENCE §13.2); derived, so the seed's random sequence is unchanged.
      const id = createHash('sha1').update(digits(rand, 19)).digest('hex').slice(0, 20);
      const isVideo = a % 5 === 4;
      const videoId = isVideo ? digits(rand, 16) : undefined;
      state.articles.set(id, {
        id, oaId, type: isVideo ? 'video' : 'normal', title: isVideo ? `Video hướng dẫn số ${a + 1}` : `Bản tin tháng ${1 + (a % 12)}: ưu đãi và sản phẩm mới`,
        author: 'Ban biên tập', description: 'Tin tức và khuyến mãi dành cho khách hàng thân thiết.', coverUrl: `https://photo-stal.zadn.vn/sandbox/cover${a}.jpg`,
        body: [{ type: 'text', content: 'Nội dung bài viết mẫu.' }], videoId, status: 'show', comment: 'show',
        createdAt: now - (a + 1) * 86_400_000, updatedAt: now - (a + 1) * 86_400_000, views: Math.floor(rand() * 5000), removed: false,
      });
      if (videoId) {
        const token = `vtok${videoId}`;
        state.videos.set(token, { token, videoId, oaId, name: `video-${a}.mp4`, size: 8_000_000, createdAt: now - 86_400_000, convertMs: 0 });
      }
    }
  });
}
