import type { CatalogRow } from './error-catalog';

/**
 * OA Open API codes (REFERENCE §6.1): [code, class, Zalo's message, en meaning, vi meaning, en action, vi action].
 * Zalo's messages keep Zalo's typos on purpose: the sandbox answers with them.
 */
export const OA_ERROR_ROWS: readonly CatalogRow[] = [
  [0, 'permanent', 'Success', 'Success.', 'Thành công.', 'Nothing to do.', 'Không cần xử lý.'],
  [404, 'permanent', 'You are accessing an empty or invalid API, please check your request again.', 'The API path does not exist.', 'Đường dẫn API không tồn tại.', 'Check the base URL and path configuration.', 'Kiểm tra cấu hình base URL và đường dẫn.'],
  [-32, 'retryable', 'Your application reached limit call api', 'Rate limit reached (4,000 calls/min per app).', 'Đã vượt giới hạn gọi API (4.000 lượt/phút mỗi ứng dụng).', 'Wait and retry with back-off; spread calls over time.', 'Chờ rồi thử lại với thời gian giãn cách; dàn đều lượt gọi.'],
  [-100, 'permanent', 'attachment_id was expired', 'The attachment id expired (assets live 7 days).', 'attachment_id đã hết hạn (tệp chỉ lưu 7 ngày).', 'Upload the file again and use the new id.', 'Tải tệp lên lại và dùng id mới.'],
  [-200, 'retryable', 'Send message failed', 'Zalo failed to send the message.', 'Zalo gửi tin nhắn thất bại.', 'Retry later; contact Zalo if it persists.', 'Thử lại sau; liên hệ Zalo nếu lỗi lặp lại.'],
  [-201, 'permanent', 'Parameter is invalid!', 'A request parameter is invalid.', 'Tham số yêu cầu không hợp lệ.', 'Fix the parameter named in the message.', 'Sửa tham số được nêu trong thông báo.'],
  [-204, 'permanent', 'Offical Account is disable', 'The Official Account is disabled or deleted.', 'Official Account đã bị vô hiệu hoá hoặc xoá.', 'Check the OA status in the OA manager.', 'Kiểm tra trạng thái OA trong trang quản lý OA.'],
  [-205, 'permanent', 'Offical Account is not exist', 'The Official Account does not exist.', 'Official Account không tồn tại.', 'Check the OA id and reconnect the OA.', 'Kiểm tra OA id và kết nối lại OA.'],
  [-209, 'permanent', 'Not supported this api', 'The app is not activated for this API.', 'Ứng dụng chưa được kích hoạt cho API này.', 'Activate the app in Zalo for Developers.', 'Kích hoạt ứng dụng trên Zalo for Developers.'],
  [-210, 'permanent', 'Parameter exceeds allowable limit', 'A parameter exceeds its allowed limit.', 'Tham số vượt quá giới hạn cho phép.', 'Reduce the value (e.g. count ≤ 50, text ≤ 2,000 chars).', 'Giảm giá trị (vd. count ≤ 50, nội dung ≤ 2.000 ký tự).'],
  [-211, 'permanent', 'Out of quota', 'The feature quota is exhausted.', 'Đã hết hạn mức của tính năng.', 'Wait for the quota to reset or buy more.', 'Chờ hạn mức được cấp lại hoặc mua thêm.'],
  [-212, 'permanent', 'App has not registed this api', 'The app has not registered this API.', 'Ứng dụng chưa đăng ký API này.', 'Request the permission in the app settings.', 'Đăng ký quyền trong cài đặt ứng dụng.'],
  [-213, 'permanent', 'User has not followed OA', 'The user does not follow the OA.', 'Người dùng chưa quan tâm OA.', 'Only message followers; remove the user from the audience.', 'Chỉ gửi cho người quan tâm; loại người dùng khỏi danh sách.'],
  [-214, 'retryable', 'Article is being processed', 'The article is still being processed.', 'Bài viết đang được xử lý.', 'Retry verify after a few seconds.', 'Thử xác minh lại sau vài giây.'],
  [-216, 'token-refresh', 'Access token is invalid', 'The access token is invalid.', 'Access token không hợp lệ.', 'Refresh the token; reconnect the OA if refresh fails.', 'Làm mới token; kết nối lại OA nếu làm mới thất bại.'],
  [-217, 'permanent', 'User has blocked invitation from OA', 'The user blocked invitations from the OA.', 'Người dùng đã chặn lời mời từ OA.', 'Do not message this user.', 'Không gửi tin cho người dùng này.'],
  [-218, 'permanent', 'Out of quota receive', 'The recipient reached their receive limit.', 'Người nhận đã đạt giới hạn nhận tin.', 'Try again another day.', 'Thử lại vào ngày khác.'],
  [-219, 'permanent', 'App is removed or disabled', 'The app is removed or disabled.', 'Ứng dụng đã bị xoá hoặc vô hiệu hoá.', 'Check the app in Zalo for Developers.', 'Kiểm tra ứng dụng trên Zalo for Developers.'],
  [-220, 'token-refresh', 'access_token is expired or removed', 'The access token expired or was revoked.', 'Access token đã hết hạn hoặc bị thu hồi.', 'Refresh the token; reconnect the OA if refresh fails.', 'Làm mới token; kết nối lại OA nếu làm mới thất bại.'],
  [-221, 'permanent', 'The OA needs to be verified to use this feature', 'The OA must be verified for this feature.', 'OA cần được xác thực để dùng tính năng này.', 'Verify the OA with Zalo.', 'Xác thực OA với Zalo.'],
  [-223, 'permanent', 'Official Account has not authorized this API', 'The OA has not authorised this API, or reached its article quota.', 'OA chưa cấp quyền API này hoặc đã hết hạn mức tạo bài viết.', 'Re-authorise the OA with the needed scope, or wait for the quota.', 'Cấp lại quyền cho OA hoặc chờ hạn mức.'],
  [-224, 'permanent', 'The OA needs to upgrade OA Tier Package to use this feature', 'The OA package does not include this feature.', 'Gói OA hiện tại không có tính năng này.', 'Upgrade the OA package.', 'Nâng cấp gói OA.'],
  [-227, 'permanent', 'User is banned or has been inactive for more than 45 days', 'The user is banned or inactive for 45+ days.', 'Người dùng bị khoá hoặc không hoạt động quá 45 ngày.', 'Skip this user.', 'Bỏ qua người dùng này.'],
  [-230, 'permanent', 'User has not interacted with the OA in the past 7 days', 'Outside the 7-day consultation window.', 'Người dùng không tương tác với OA trong 7 ngày qua.', 'Wait for the user to message the OA, or use ZNS.', 'Chờ người dùng nhắn OA hoặc dùng ZNS.'],
  [-232, 'permanent', 'User has not interacted with the OA, or the last interaction has expired', 'The user has not interacted, or the interaction expired.', 'Người dùng chưa tương tác hoặc tương tác đã hết hạn.', 'Wait for a new interaction.', 'Chờ người dùng tương tác lại.'],
  [-233, 'permanent', 'message type is invalid or not support', 'The message type is invalid or unsupported.', 'Loại tin nhắn không hợp lệ hoặc không được hỗ trợ.', 'Use a supported message type.', 'Dùng loại tin nhắn được hỗ trợ.'],
  [-234, 'permanent', 'This message cannot be sent at night (10:00PM - 6:00AM)', 'Promotion messages cannot be sent 22:00–06:00.', 'Không gửi tin khuyến mãi từ 22:00 đến 06:00.', 'Schedule the send after 06:00 (Vietnam time).', 'Hẹn giờ gửi sau 06:00 (giờ Việt Nam).'],
  [-235, 'permanent', 'This API does not support this type of OA', 'This OA type cannot use the API.', 'Loại OA này không dùng được API.', 'Use an OA of a supported type.', 'Dùng OA thuộc loại được hỗ trợ.'],
  [-237, 'permanent', 'The group is disabled', 'The group (GMF asset) is disabled.', 'Nhóm đã bị vô hiệu hoá (gói GMF hết hạn).', 'Renew the group asset.', 'Gia hạn gói nhóm.'],
  [-238, 'permanent', 'asset_id is already used', 'The asset id is already used.', 'asset_id đã được sử dụng.', 'Use another asset.', 'Dùng asset khác.'],
  [-240, 'permanent', 'MessageV2 API has been shut down, please switch to MessageV3', 'Message v2 is shut down.', 'API tin nhắn v2 đã ngừng.', 'Use the v3 message endpoints.', 'Dùng API tin nhắn v3.'],
  [-241, 'permanent', 'asset_id is disabled', 'The asset id is disabled.', 'asset_id đã bị vô hiệu hoá.', 'Use another asset.', 'Dùng asset khác.'],
  [-242, 'permanent', 'Invalid appsecret_proof provided in the API argument', 'The appsecret_proof header is wrong.', 'appsecret_proof không hợp lệ.', 'Check the app secret used to sign the token.', 'Kiểm tra app secret dùng để ký token.'],
  [-244, 'permanent', 'User has restricted this message type from your OA', 'The user restricted this message type.', 'Người dùng đã chặn loại tin này từ OA.', 'Do not send this type to the user.', 'Không gửi loại tin này cho người dùng.'],
  [-248, 'permanent', 'Violates our platform standards', 'The content violates Zalo standards.', 'Nội dung vi phạm tiêu chuẩn của Zalo.', 'Review and change the content.', 'Xem lại và sửa nội dung.'],
  [-249, 'permanent', 'Template does not support send via UID', 'The template cannot be sent by user id.', 'Mẫu không hỗ trợ gửi qua UID.', 'Send it by phone (ZNS) or use a UID-capable template.', 'Gửi qua số điện thoại (ZNS) hoặc dùng mẫu hỗ trợ UID.'],
  [-320, 'permanent', 'Your app needs to connect with Zalo Cloud Account to use this feature', 'The app needs a Zalo Cloud Account.', 'Ứng dụng cần liên kết Zalo Cloud Account.', 'Link a Zalo Cloud Account.', 'Liên kết Zalo Cloud Account.'],
  [-321, 'permanent', 'The Zalo Cloud Account linked to App has run out of money or has been canceled', 'The Zalo Cloud Account is out of money.', 'Zalo Cloud Account đã hết tiền hoặc bị huỷ.', 'Top up the Zalo Cloud Account.', 'Nạp tiền vào Zalo Cloud Account.'],
  [-403, 'permanent', 'OA is not in group', 'The OA is not in the group.', 'OA không ở trong nhóm.', 'Add the OA to the group first.', 'Thêm OA vào nhóm trước.'],
  [-1340, 'permanent', 'Cannot find this form', 'The form does not exist.', 'Không tìm thấy biểu mẫu.', 'Check the form id.', 'Kiểm tra id biểu mẫu.'],
  [-1341, 'permanent', 'OA has no access to this form', 'The OA cannot access this form.', 'OA không có quyền với biểu mẫu này.', 'Use a form owned by the OA.', 'Dùng biểu mẫu thuộc OA.'],
];

/** OAuth v4 (`oauth.zaloapp.com`) codes (REFERENCE §2.2). */
export const OAUTH_ERROR_ROWS: readonly CatalogRow[] = [
  [-14002, 'permanent', 'Invalid appId', 'The app id is invalid or the app is not active.', 'App id không hợp lệ hoặc ứng dụng chưa kích hoạt.', 'Check the app id in the configuration.', 'Kiểm tra app id trong cấu hình.'],
  [-14003, 'permanent', 'Invalid redirect uri', 'The redirect URI does not match the app settings.', 'Redirect URI không khớp cấu hình ứng dụng.', 'Register this callback URL in the app settings.', 'Đăng ký URL callback trong cài đặt ứng dụng.'],
  [-14004, 'permanent', 'Invalid secret key', 'The app secret key is wrong.', 'Secret key của ứng dụng không đúng.', 'Update the app secret key.', 'Cập nhật secret key của ứng dụng.'],
  [-14005, 'permanent', 'Invalid code', 'The authorisation code is invalid, expired or already used.', 'Mã uỷ quyền không hợp lệ, hết hạn hoặc đã dùng.', 'Restart the OA connection flow.', 'Thực hiện lại bước kết nối OA.'],
  [-14014, 'permanent', 'Invalid refresh token', 'The refresh token is invalid, expired or already used.', 'Refresh token không hợp lệ, hết hạn hoặc đã được dùng.', 'Reconnect the OA (an admin must authorise again).', 'Kết nối lại OA (quản trị viên cần cấp quyền lại).'],
  [-14018, 'permanent', 'Invalid grant type', 'The grant_type is not supported.', 'grant_type không được hỗ trợ.', 'Use authorization_code or refresh_token.', 'Dùng authorization_code hoặc refresh_token.'],
];
