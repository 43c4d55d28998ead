/**
 * A tiny dictionary (no i18next: the first load stays small). Vietnamese by default; English when
 * the device language is English, or when the URL says `?lang=en` (journeys, screenshots).
 */
const vi = {
  appTitle: 'Vòng quay may mắn',
  signingIn: 'Đang đăng nhập…',
  signInFailed: 'Không đăng nhập được',
  retry: 'Thử lại',
  tabHome: 'Trang chủ',
  tabWheel: 'Vòng quay',
  tabGifts: 'Quà của tôi',
  hello: 'Xin chào',
  turnsLeft: 'Lượt quay còn lại',
  noDraws: 'Hiện chưa có vòng quay nào đang mở.',
  play: 'Chơi ngay',
  opensAt: 'Mở lúc',
  closesAt: 'Kết thúc',
  followOa: 'Quan tâm Official Account',
  followed: 'Đã quan tâm OA',
  followDone: 'Cảm ơn bạn đã quan tâm OA!',
  sharePhone: 'Chia sẻ số điện thoại',
  phoneShared: 'Số điện thoại',
  phoneDone: 'Đã lưu số điện thoại',
  phoneToPlay: 'Chia sẻ số điện thoại để được quay.',
  spin: 'Quay',
  spinning: 'Đang quay…',
  youWon: 'Chúc mừng! Bạn nhận được',
  betterLuck: 'Chúc bạn may mắn lần sau!',
  seeGift: 'Xem quà',
  close: 'Đóng',
  chooseDraw: 'Chọn vòng quay',
  noGifts: 'Bạn chưa có quà nào. Hãy quay thử nhé!',
  code: 'Mã',
  expires: 'Hết hạn',
  usedAt: 'Đã dùng lúc',
  at: 'tại',
  showQr: 'Hiện mã QR',
  qrHint: 'Đưa mã này cho nhân viên tại cửa hàng',
  minOrder: 'Đơn tối thiểu',
  off: 'Giảm',
  voucher: 'Voucher',
  item: 'Quà tặng',
  status_NEW: 'Mới',
  status_ALLOCATED: 'Chưa dùng',
  status_USED: 'Đã dùng',
  status_EXPIRED: 'Hết hạn',
  status_CANCELLED: 'Đã huỷ',
  err_ZMA_NO_TURNS: 'Bạn đã hết lượt quay.',
  err_ZMA_DRAW_NOT_OPEN: 'Vòng quay chưa mở hoặc đã kết thúc.',
  err_ZMA_PLAY_NOT_ALLOWED: 'Bạn chưa thể chơi lúc này.',
  err_ZMA_ACCESS_TOKEN_INVALID: 'Phiên Zalo đã hết hạn, vui lòng mở lại ứng dụng.',
  err_ZMA_PHONE_TOKEN_INVALID: 'Mã chia sẻ số điện thoại đã hết hạn hoặc đã dùng, vui lòng thử lại.',
  err_UNAUTHORIZED: 'Phiên đăng nhập đã hết hạn.',
  err_TOKEN_EXPIRED: 'Phiên đăng nhập đã hết hạn.',
  err_NETWORK: 'Không kết nối được máy chủ.',
  err_DENIED: 'Bạn đã từ chối cấp quyền.',
  err_OTHER: 'Đã có lỗi, vui lòng thử lại.',
  reason_NOT_OPEN: 'Vòng quay chưa mở hoặc đã kết thúc.',
  reason_INACTIVE: 'Vòng quay đang tạm dừng.',
  reason_NOT_STARTED: 'Vòng quay chưa bắt đầu.',
  reason_ENDED: 'Vòng quay đã kết thúc.',
  nextTurnsAt: 'Lượt mới từ',
  reason_NO_TURNS: 'Bạn đã hết lượt quay.',
  reason_WEEKDAY: 'Hôm nay không phải ngày được chơi.',
  reason_GENDER: 'Chương trình không dành cho bạn.',
  reason_WIN_LIMIT: 'Bạn đã đạt giới hạn số lần trúng thưởng.',
  reason_UNUSED_GIFTS: 'Hãy dùng quà đang có trước khi quay tiếp.',
  reason_INFO_NOT_SHARED: 'Hãy chia sẻ số điện thoại để được chơi.',
  inviteTitle: 'Mời bạn bè',
  inviteHint: 'Gửi link giới thiệu của bạn cho bạn bè. Khi bạn bè tham gia, bạn có thể nhận thêm lượt quay hoặc quà.',
  inviteShare: 'Chia sẻ link giới thiệu',
  inviteCopy: 'Sao chép link giới thiệu',
  inviteShareText: 'Cùng chơi vòng quay may mắn với mình nhé!',
  inviteCopied: 'Đã sao chép link giới thiệu',
  inviteShared: 'Cảm ơn bạn đã chia sẻ!',
  inviteCopyHint: 'Sao chép link dưới đây để gửi cho bạn bè:',
};

export type MessageKey = keyof typeof vi;

const en: Record<MessageKey, string> = {
  appTitle: 'Lucky wheel',
  signingIn: 'Signing in…',
  signInFailed: 'Could not sign in',
  retry: 'Try again',
  tabHome: 'Home',
  tabWheel: 'Wheel',
  tabGifts: 'My gifts',
  hello: 'Hello',
  turnsLeft: 'Turns left',
  noDraws: 'No lucky draw is open right now.',
  play: 'Play now',
  opensAt: 'Opens',
  closesAt: 'Ends',
  followOa: 'Follow the Official Account',
  followed: 'Following the OA',
  followDone: 'Thanks for following!',
  sharePhone: 'Share my phone number',
  phoneShared: 'Phone',
  phoneDone: 'Phone number saved',
  phoneToPlay: 'Share your phone number to play.',
  spin: 'Spin',
  spinning: 'Spinning…',
  youWon: 'Congratulations! You won',
  betterLuck: 'Better luck next time!',
  seeGift: 'See my gift',
  close: 'Close',
  chooseDraw: 'Choose a draw',
  noGifts: 'No gifts yet. Give the wheel a spin!',
  code: 'Code',
  expires: 'Expires',
  usedAt: 'Used',
  at: 'at',
  showQr: 'Show QR code',
  qrHint: 'Show this code to the staff at the shop',
  minOrder: 'Minimum order',
  off: 'Off',
  voucher: 'Voucher',
  item: 'Gift',
  status_NEW: 'New',
  status_ALLOCATED: 'Not used',
  status_USED: 'Used',
  status_EXPIRED: 'Expired',
  status_CANCELLED: 'Cancelled',
  err_ZMA_NO_TURNS: 'You have no turns left.',
  err_ZMA_DRAW_NOT_OPEN: 'This draw is not open now.',
  err_ZMA_PLAY_NOT_ALLOWED: 'You may not play right now.',
  err_ZMA_ACCESS_TOKEN_INVALID: 'Your Zalo session has expired; please reopen the app.',
  err_ZMA_PHONE_TOKEN_INVALID: 'The phone sharing token expired or was already used; please try again.',
  err_UNAUTHORIZED: 'Your session has expired.',
  err_TOKEN_EXPIRED: 'Your session has expired.',
  err_NETWORK: 'Cannot reach the server.',
  err_DENIED: 'You declined the permission.',
  err_OTHER: 'Something went wrong; please try again.',
  reason_NOT_OPEN: 'This draw is not open now.',
  reason_INACTIVE: 'This draw is paused.',
  reason_NOT_STARTED: 'This draw has not started yet.',
  reason_ENDED: 'This draw has ended.',
  nextTurnsAt: 'New turns from',
  reason_NO_TURNS: 'You have no turns left.',
  reason_WEEKDAY: 'The draw cannot be played today.',
  reason_GENDER: 'This programme is not open to you.',
  reason_WIN_LIMIT: 'You have reached the limit of wins.',
  reason_UNUSED_GIFTS: 'Use the gifts you have before spinning again.',
  reason_INFO_NOT_SHARED: 'Share your phone number to play.',
  inviteTitle: 'Invite friends',
  inviteHint: 'Send your referral link to friends. When they join, you may get extra turns or gifts.',
  inviteShare: 'Share my referral link',
  inviteCopy: 'Copy my referral link',
  inviteShareText: 'Come and spin the lucky wheel with me!',
  inviteCopied: 'Referral link copied',
  inviteShared: 'Thanks for sharing!',
  inviteCopyHint: 'Copy the link below and send it to your friends:',
};

export type Lang = 'vi' | 'en';

export function detectLang(): Lang {
  if (typeof window === 'undefined') return 'vi';
  const forced = new URLSearchParams(window.location.search).get('lang');
  if (forced === 'en' || forced === 'vi') return forced;
  return navigator.language.toLowerCase().startsWith('en') ? 'en' : 'vi';
}

export const lang: Lang = detectLang();
const dict: Record<MessageKey, string> = lang === 'en' ? en : vi;

export function t(key: MessageKey): string {
  return dict[key];
}

/** A key only when it exists (error codes and play reasons come from the server). */
export function tMaybe(key: string): string | null {
  return Object.hasOwn(dict, key) ? dict[key as MessageKey] : null;
}

const locale = lang === 'en' ? 'en-GB' : 'vi-VN';
export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleString(locale, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Ho_Chi_Minh' });
export const formatMoney = (dong: number): string => `${dong.toLocaleString(locale)} ₫`;
