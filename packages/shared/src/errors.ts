/**
 * Stable error codes shared by server and web. The server answers
 * `{ error: { code, message, details?, requestId } }`; the web translates `code` (the `errors`
 * namespace of its locales) and shows `message` verbatim where the spec quotes the text.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: 'Request validation failed' },
  UNKNOWN_FIELD: { status: 400, message: 'Unknown field' },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  TOKEN_EXPIRED: { status: 401, message: 'Access token expired' },
  REFRESH_TOKEN_INVALID: { status: 401, message: 'Refresh token is invalid' },
  REFRESH_TOKEN_REUSED: { status: 401, message: 'Refresh token was already used; the session is revoked' },
  LOGIN_FAILED: { status: 401, message: 'Login failed. Account is not exist!' },
  NO_MERCHANT: { status: 403, message: 'No merchants assigned' },
  NO_TENANT: { status: 403, message: 'No tenant' },
  FORBIDDEN: { status: 403, message: 'Sorry, you are not authorized to access this page.' },
  MERCHANT_ACCESS_DENIED: { status: 403, message: 'You are not a member of this organisation' },
  TENANT_ACCESS_DENIED: { status: 403, message: 'You have no access to this tenant' },
  TENANT_REQUIRED: { status: 400, message: 'A tenant must be selected (x-tenant-id header)' },
  MERCHANT_REQUIRED: { status: 400, message: 'An organisation must be selected (x-merchant-id header)' },
  MODULE_NOT_ENABLED: { status: 403, message: 'module not enabled. Please contact administrator' },
  NOT_FOUND: { status: 404, message: 'Sorry, the page you visited does not exist.' },
  EMAIL_TAKEN: { status: 409, message: 'This email is already registered' },
  ALREADY_MEMBER: { status: 409, message: 'The user is already a member' },
  CONFLICT: { status: 409, message: 'Conflict' },
  PASSWORD_INCORRECT: { status: 400, message: 'Current password is incorrect' },
  RESET_TOKEN_INVALID: { status: 400, message: 'The reset link is invalid or has expired' },
  LAST_OWNER: { status: 409, message: 'An organisation must keep at least one owner' },
  INVITATION_INVALID: { status: 404, message: 'The invitation link is invalid' },
  INVITATION_EXPIRED: { status: 410, message: 'This invitation has expired' },
  INVITATION_DECIDED: { status: 409, message: 'This invitation was already accepted, declined or revoked' },
  INVITATION_EMAIL_MISMATCH: { status: 409, message: 'This invitation was sent to another email address' },
  OTP_REQUIRED: { status: 400, message: 'OTP is required' },
  OTP_INCORRECT: { status: 400, message: 'OTP is incorrect' },
  OTP_EXPIRED: { status: 400, message: 'OTP is expired' },
  OTP_MAX_ATTEMPTS: { status: 429, message: 'You have reached the maximum number of OTP attempts' },
  OTP_TOO_SOON: { status: 429, message: 'Please try again after N' },
  INSUFFICIENT_BALANCE: { status: 402, message: 'Insufficient wallet balance' },
  API_KEY_INVALID: { status: 401, message: 'The API key is missing, revoked or unknown' },
  TEMPLATE_NOT_FOUND: { status: 422, message: 'Unknown template for this API key' },
  TEMPLATE_NOT_SENDABLE: { status: 422, message: 'The template is not enabled for sending' },
  TEMPLATE_DATA_INVALID: { status: 422, message: 'The template data does not match the template params' },
  PHONE_INVALID: { status: 422, message: 'The phone number is not a valid Vietnamese mobile number' },
  IDEMPOTENCY_MISMATCH: { status: 422, message: 'This tracking id or idempotency key was already used with a different request' },
  CURSOR_INVALID: { status: 400, message: 'The pagination cursor is invalid' },
  PAGE_NEEDS_CURSOR: { status: 400, message: 'Pages past the first 1,000 rows are reached with meta.nextCursor / meta.prevCursor' },
  WEBHOOK_URL_REFUSED: { status: 400, message: 'This webhook URL is not allowed' },
  WEBHOOK_DELIVERY_PENDING: { status: 409, message: 'This delivery is still pending; it can be replayed once it has succeeded or failed' },
  OA_ALREADY_CONNECTED: { status: 409, message: 'This Official Account is already connected' },
  ZALO_REJECTED: { status: 422, message: 'Zalo rejected the request' },
  ZALO_UNAVAILABLE: { status: 502, message: 'Zalo could not be reached, please try again' },
  API_KEY_NOT_FOUND: { status: 404, message: 'API key not found' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The uploaded file is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported file type' },
  /** A text/event-stream endpoint (the realtime stream) asked without `Accept: text/event-stream`. */
  NOT_ACCEPTABLE: { status: 406, message: 'This endpoint answers text/event-stream only: send Accept: text/event-stream' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please slow down' },
  /** Sign-in or password-reset attempts locked for a while (per account and per address); `details.retryAfterSeconds`. */
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many attempts. Please try again later' },
  /** Teams (§3 Team, issue 11): the default team stays; a team with reviews waiting stays; names are unique per tenant. */
  TEAM_DEFAULT: { status: 409, message: 'The default team cannot be deleted' },
  TEAM_HAS_PENDING_REVIEWS: { status: 409, message: 'This team still has reviews pending' },
  TEAM_NAME_TAKEN: { status: 409, message: 'A team with this name already exists' },
  SERVICE_PACKAGE_NAME_TAKEN: { status: 409, message: 'A service package with this name already exists' },
  SERVICE_PACKAGE_IN_USE: { status: 409, message: 'This service package is assigned to tenants; assign them another package first' },
  TENANT_FILE_IN_USE: { status: 409, message: 'This file is still used; remove it from where it is used first' },
  TEAM_MEMBER_NOT_IN_TENANT: { status: 422, message: 'Every member must be a member of the tenant' },
  /** §5: a tenant with several teams must name one (`details.fields[0].path` = teamId). */
  TEAM_REQUIRED: { status: 400, message: 'A team must be chosen when the tenant has several teams' },
  /** A send under a key of a team whose daily quota (ZNS or OA, Asia/Ho_Chi_Minh day) is used up; per message. */
  TEAM_QUOTA_EXCEEDED: { status: 429, message: "The team's daily sending quota is used up" },
  /** A task decided by someone who is not its next approver (§6 task screen rule). */
  TASK_NOT_YOUR_TURN: { status: 403, message: 'Only the current approver may decide this task' },
  /** The task was already approved or rejected. */
  TASK_ALREADY_DECIDED: { status: 409, message: 'This task has already been decided' },
  /** The review ended without a decision (the item was edited and reviewed again). */
  TASK_NOT_PENDING: { status: 409, message: 'This review has ended; the item was edited and submitted again' },
  /** A workflow naming a user who is not a member of the tenant. */
  APPROVER_NOT_IN_TENANT: { status: 422, message: 'An approver is not a member of this tenant' },
  /** A template request edited after its review was decided. */
  TEMPLATE_REQUEST_NOT_EDITABLE: { status: 409, message: 'This template request can no longer be edited' },
  /** A template layout Zalo would refuse (details.fields name each field and rule, REFERENCE §13.5). */
  TEMPLATE_LAYOUT_INVALID: { status: 422, message: 'The template breaks a Zalo rule' },
  /** Zalo lets only rejected templates be edited (/template/edit, -1091 otherwise). */
  TEMPLATE_NOT_EDITABLE: { status: 409, message: 'Zalo allows editing a template only after it was rejected' },
  /** Only drafts are deleted; Zalo has no API to delete a submitted template. */
  TEMPLATE_NOT_DELETABLE: { status: 409, message: 'Only drafts can be deleted; Zalo keeps submitted templates' },
  /** A ticket status move that TICKET_TRANSITIONS does not allow (e.g. CLOSED → RESOLVED). */
  TICKET_STATUS_TRANSITION: { status: 409, message: 'This ticket status change is not allowed' },
  /** A ticket assignee (user) who is not a member of the tenant, or a team of another tenant. */
  TICKET_ASSIGNEE_INVALID: { status: 422, message: 'The assignee is not a member or team of this tenant' },
  /** A comment mention naming someone who is not a member of the tenant. */
  TICKET_MENTION_INVALID: { status: 422, message: 'A mentioned user is not a member of this tenant' },
  /** A statistics date range that ends before it starts, or longer than its period allows (the field is named). */
  DATE_RANGE_INVALID: { status: 422, message: 'The date range is invalid or too long' },
  /** A follower tag both added and removed in one call (the field names the tag). */
  FOLLOWER_TAG_CONFLICT: { status: 422, message: 'A label cannot be both added and removed' },
  /** A follower's city or district id that is not in the city list (or a district of another city). */
  FOLLOWER_LOCATION_INVALID: { status: 422, message: 'The city or district is not in the list' },
  /** §8: an approved or published OA post/video cannot be deleted (the web shows this text in a dialog). */
  OA_CONTENT_APPROVED: { status: 409, message: 'OA Content was approved so cannot delete' },
  /** An OA post/video changed after it was approved and published. */
  OA_CONTENT_NOT_EDITABLE: { status: 409, message: 'This content was approved and can no longer be edited' },
  /** A broadcast that breaks a §9/REFERENCE §13.3 rule: more than 5 contents, none, one not published on the OA, a past schedule, an unknown city (details.rule, the field named). */
  BROADCAST_INVALID: { status: 422, message: 'The broadcast breaks a rule' },
  /** A campaign or its recipient upload breaks a §5 rule; `details.rule` names it (CAMPAIGN_RULES) with the field. */
  CAMPAIGN_INVALID: { status: 422, message: 'The campaign breaks a rule' },
  /** A broadcast edited after its review approved or rejected it. */
  BROADCAST_NOT_EDITABLE: { status: 409, message: 'This broadcast can no longer be edited' },
  /** A tenant discount that breaks a rule (percent over 100, validTo not after validFrom, a target value not of its kind); the field is named. */
  DISCOUNT_INVALID: { status: 422, message: 'The discount breaks a rule' },
  /** A tenant discount whose validity overlaps another discount of the same target. */
  DISCOUNT_OVERLAP: { status: 409, message: 'Another discount for the same target is valid in this period' },
  /** Chat (issue 15): the follower's last message is older than 7 days (or they never wrote): Zalo refuses a reply (-230). */
  CHAT_WINDOW_CLOSED: { status: 422, message: 'The follower last wrote more than 7 days ago; Zalo allows no reply until they write again' },
  /** Chat (issue 15 "Bad input"): a message's text over Zalo's 2,000 characters; the field is named. */
  CHAT_TEXT_TOO_LONG: { status: 422, message: 'The message text is longer than Zalo allows (2,000 characters)' },
  /** Chat: a Zalo group conversation cannot be answered from the inbox. */
  CHAT_GROUP_NOT_SUPPORTED: { status: 422, message: 'Replies to Zalo group chats are not supported' },
  /** Chat: only a FAILED message of the OA can be sent again. */
  CHAT_NOT_RETRYABLE: { status: 409, message: 'Only a failed message can be sent again' },
  /** Chat: a reaction needs a message Zalo has accepted (it has a Zalo message id). */
  CHAT_NOT_ON_ZALO: { status: 409, message: 'This message has not reached Zalo yet' },
  /** Chat: a canned reply's shortcut is already used in this tenant (case-insensitive). */
  CHAT_CANNED_SHORTCUT_TAKEN: { status: 409, message: 'Another canned reply already uses this shortcut' },
  /** Chat: the assignee is not a member of the tenant allowed to view the chat, or the team is not the tenant's. */
  CHAT_ASSIGNEE_INVALID: { status: 422, message: 'This person or team cannot be assigned the conversation' },
  /** Chat: an internal note written by someone else (deleting it needs ACTION_ZALO_OA_CHAT and the organisation's OWNER/ADMIN role). */
  CHAT_NOTE_NOT_YOURS: { status: 403, message: 'Only the author of a note can delete it' },
  /** Zalo Mini App loyalty (issue 14, ADR 0022). */
  /** Mini app required: x-zma-id header names none of the tenant's mini apps. */
  ZMA_APP_REQUIRED: { status: 400, message: "A mini app must be selected (x-zma-id header)" },
  /** The x-zma-id header names another tenant's (or an unknown) mini app. */
  ZMA_APP_ACCESS_DENIED: { status: 403, message: "This mini app does not belong to the tenant" },
  ZMA_APP_ID_TAKEN: { status: 409, message: "This Zalo app id is already registered" },
  /** A mini-app role given to someone who cannot open the tenant; details.fields names userId. */
  ZMA_USER_NOT_IN_TENANT: { status: 422, message: "This person is not a member of the tenant" },
  /** §8: no code of that text (and type) in the mini app. */
  GIFT_CODE_NOT_FOUND: { status: 404, message: "Gift code not found" },
  GIFT_CODE_EXPIRED: { status: 409, message: "This gift code has expired" },
  GIFT_CODE_CANCELLED: { status: 409, message: "This gift code was cancelled" },
  GIFT_CODE_USED: { status: 409, message: "This gift code was already used" },
  GIFT_CODE_NOT_ALLOCATED: { status: 409, message: "This gift code has not been given to a customer yet" },
  /** §4: only NEW → CANCELLED, NEW/CANCELLED → recalled, NEW → ALLOCATED → USED/EXPIRED. */
  GIFT_CODE_TRANSITION_INVALID: { status: 409, message: "This gift code cannot change to that status" },
  ZMA_STOCK_INSUFFICIENT: { status: 409, message: "Not enough stock of this gift at the branch" },
  ZMA_ITEM_IN_USE: { status: 409, message: "This gift is used by a lucky draw or has codes given out" },
  /** Branch input breaks a rule (negative stock, a draw of another app, staff outside the tenant); the field is named. */
  ZMA_BRANCH_INVALID: { status: 422, message: "The branch settings break a rule" },
  /** Gift input breaks a rule (value range, validity dates, percentage over 100); the field is named. */
  ZMA_GIFT_INVALID: { status: 422, message: "The gift settings break a rule" },
  /** Probabilities not summing to 100 %, negative stock, an end before the start; the field is named. */
  ZMA_DRAW_INVALID: { status: 422, message: "The lucky draw configuration breaks a rule" },
  /** Inactive, or outside its schedule; details.reason. */
  ZMA_DRAW_NOT_OPEN: { status: 409, message: "The lucky draw is not running now" },
  /** details.reason says which rule and when turns come back. */
  ZMA_NO_TURNS: { status: 409, message: "No turns left" },
  /** A rule refuses (weekday, gender, wins, unused gifts, info not shared); details.reason. */
  ZMA_PLAY_NOT_ALLOWED: { status: 409, message: "This customer may not play now" },
  /** Zalo's /me refused the mini app's token; details.zaloError. */
  ZMA_ACCESS_TOKEN_INVALID: { status: 401, message: "The Zalo access token is invalid or expired" },
  /** Zalo's /me/info refused the getPhoneNumber token (valid 2 minutes, single use); details.zaloError explains Zalo's code. */
  ZMA_PHONE_TOKEN_INVALID: { status: 401, message: "The phone number token is expired or was already used" },
  /** Switching a tenant's service off while its work is in flight; details.items lists each blocker { service, kind, id, name, status }. */
  SERVICE_IN_USE: { status: 409, message: 'The service still has work in flight: finish or cancel it first' },
  INTERNAL: { status: 500, message: 'Sorry, something went wrong.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** A field-level problem, mapped by the web onto the form field named by `path`. */
export interface FieldIssue {
  path: string;
  code: string;
  message: string;
}

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: { fields?: FieldIssue[]; retryAfterSeconds?: number; [key: string]: unknown };
    requestId?: string;
  };
}

/** The exact §8 OTP texts: the wait is part of the message, the web parses it back. */
export function otpTooSoonMessage(seconds: number): string {
  return `Please try again after ${seconds}`;
}
export function otpLockedMessage(seconds: number): string {
  return `${ERROR_CODES.OTP_MAX_ATTEMPTS.message}. Please try again after ${seconds}`;
}

/** The §8 text that sends the user to the forbidden page. */
export const MODULE_NOT_ENABLED_TEXT = 'module not enabled. Please contact administrator';
