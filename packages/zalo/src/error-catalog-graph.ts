import type { CatalogRow } from './error-catalog';

/**
 * Social / Mini App graph codes (`graph.zalo.me/v2.0` `/me`, `/me/info`; REFERENCE §1, §10, §6.1 note):
 * [code, class, Zalo's message, en meaning, vi meaning, en action, vi action]. The same number means
 * something else here than on the OA host (e.g. -201), so the graph has a catalogue of its own.
 * 'token-refresh' here means the mini app must fetch a fresh access token (zmp-sdk getAccessToken):
 * the server holds no refresh token of an end user.
 */
export const GRAPH_ERROR_ROWS: readonly CatalogRow[] = [
  [0, 'permanent', 'Success', 'Success.', 'Thành công.', 'Nothing to do.', 'Không cần xử lý.'],
  [-32, 'retryable', 'Your application reached limit call api', 'Rate limit reached (4,000 calls/min per app, 20 per user).', 'Đã vượt giới hạn gọi API (4.000 lượt/phút mỗi ứng dụng, 20 lượt mỗi người dùng).', 'Wait and retry with back-off.', 'Chờ rồi thử lại với thời gian giãn cách.'],
  [-201, 'permanent', 'User denied', 'The user refused the permission request.', 'Người dùng đã từ chối yêu cầu cấp quyền.', 'Ask again later; explain why the permission is needed.', 'Hỏi lại sau; giải thích vì sao cần quyền này.'],
  [-202, 'permanent', "User denied and don't ask again", 'The user refused and asked not to be asked again.', 'Người dùng đã từ chối và chọn không hỏi lại.', 'Do not ask again; the user can grant it from the mini app settings.', 'Không hỏi lại; người dùng có thể cấp quyền trong cài đặt mini app.'],
  [-1400, 'permanent', 'Bad request', 'The request is malformed, or the phone code is invalid, expired (2 minutes) or already used.', 'Yêu cầu không hợp lệ, hoặc mã số điện thoại sai, đã hết hạn (2 phút) hoặc đã được dùng.', 'Call getPhoneNumber again in the mini app and send the new code at once.', 'Gọi lại getPhoneNumber trong mini app và gửi mã mới ngay.'],
  [-1401, 'token-refresh', 'Authentication required', 'The user is not authenticated (no or invalid access token).', 'Người dùng chưa xác thực (thiếu hoặc sai access token).', 'Sign in again in the mini app (getAccessToken).', 'Đăng nhập lại trong mini app (getAccessToken).'],
  [-1403, 'permanent', 'Permission not granted', 'The app lacks the permission (scope) for this data.', 'Ứng dụng chưa được cấp quyền (scope) cho dữ liệu này.', 'Request the scope with authorize() and register it for the app.', 'Xin quyền bằng authorize() và đăng ký quyền cho ứng dụng.'],
  [-1404, 'permanent', 'Unsupported Zalo version', 'The Zalo app version does not support this feature.', 'Phiên bản Zalo không hỗ trợ tính năng này.', 'Ask the user to update Zalo.', 'Đề nghị người dùng cập nhật Zalo.'],
  [-1408, 'retryable', 'Timeout', 'The request timed out.', 'Yêu cầu đã hết thời gian chờ.', 'Retry.', 'Thử lại.'],
  [-2002, 'permanent', 'Unknown error', 'Zalo reported an unspecified error.', 'Zalo báo lỗi không xác định.', 'Retry later; contact Zalo if it persists.', 'Thử lại sau; liên hệ Zalo nếu lỗi lặp lại.'],
  [452, 'token-refresh', 'Session key invalid', 'The access token (session) is invalid or expired.', 'Access token (phiên) không hợp lệ hoặc đã hết hạn.', 'Get a fresh access token in the mini app and sign in again.', 'Lấy access token mới trong mini app và đăng nhập lại.'],
  [-124, 'token-refresh', 'Access token invalid', 'The access token is invalid.', 'Access token không hợp lệ.', 'Get a fresh access token in the mini app and sign in again.', 'Lấy access token mới trong mini app và đăng nhập lại.'],
  [-216, 'token-refresh', 'Access token is invalid', 'The access token is invalid.', 'Access token không hợp lệ.', 'Get a fresh access token in the mini app and sign in again.', 'Lấy access token mới trong mini app và đăng nhập lại.'],
  [-220, 'token-refresh', 'access_token is expired or removed', 'The access token expired or was revoked.', 'Access token đã hết hạn hoặc bị thu hồi.', 'Get a fresh access token in the mini app and sign in again.', 'Lấy access token mới trong mini app và đăng nhập lại.'],
  [-242, 'permanent', 'Invalid appsecret_proof provided in the API argument', 'The appsecret_proof does not match the app secret (wrong secret registered for the mini app).', 'appsecret_proof không khớp app secret (secret của mini app bị nhập sai).', 'Check the mini app secret in the console.', 'Kiểm tra app secret của mini app trong trang quản trị.'],
  [-14002, 'permanent', 'Invalid appId', 'The token was issued to another app, or the app is not active.', 'Token thuộc ứng dụng khác, hoặc ứng dụng chưa kích hoạt.', 'Check the Zalo app id of the mini app.', 'Kiểm tra Zalo app id của mini app.'],
  [-14004, 'permanent', 'Invalid secret key', 'The app secret key is wrong.', 'Secret key của ứng dụng không đúng.', 'Check the mini app secret in the console.', 'Kiểm tra app secret của mini app trong trang quản trị.'],
];
