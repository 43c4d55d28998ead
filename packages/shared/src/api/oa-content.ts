import { z } from 'zod';
import { abilities, isoDate, pageQuery, safeText } from './common';

/*
 * Official-account content: posts and videos (SPEC §2.7–§2.9, §3 Content / Quota / Video upload form,
 * §4 content statuses, §6 content actions, §7 "Official-account content"; Zalo REFERENCE §3.9, §13.2).
 */

/* ─── Limits (REFERENCE §13.2, SPEC §9) ─────────────────────────────────────────────────────── */

export const OA_CONTENT_LIMITS = {
  titleMax: 150,
  authorMax: 50,
  descriptionMax: 300,
  /** One HTML text block; Zalo publishes no limit, this keeps a row reasonable. */
  textBlockMax: 100_000,
  bodyBlocksMax: 100,
  captionMax: 500,
  urlMax: 2_000,
  /** §9 video 50 MB (mp4/avi only, REFERENCE §13.2). */
  videoMaxBytes: 50 * 1024 * 1024,
  /** §9 image 1 MB for Zalo; the generic upload default is 5 MB (§5). */
  imageMaxBytes: 1 * 1024 * 1024,
  uploadMaxBytes: 5 * 1024 * 1024,
  /** §9 cover ratio 16:9 (the web checks it before upload). */
  coverRatio: 16 / 9,
  /** §9 videos 20 per page per OA in the picker. */
  videoPageSize: 20,
  multiUploadMaxFiles: 10,
  zaloOAsMax: 50,
} as const;

/* ─── Enumerations ──────────────────────────────────────────────────────────────────────────── */

/** §3 Content type (tab). */
export const OA_CONTENT_TYPES = ['post', 'video'] as const;
export type OaContentType = (typeof OA_CONTENT_TYPES)[number];

/**
 * §4 Content statuses. draft (saved, not submitted), approval (in review), disapproval (rejected),
 * published (approved: publishing to each OA, per-OA progress in `oaContentMapping[].publishState`).
 */
export const OA_CONTENT_STATUSES = ['draft', 'approval', 'disapproval', 'published'] as const;
export type OaContentStatus = (typeof OA_CONTENT_STATUSES)[number];

/** §4 "Content status values elsewhere": the display value of each status (hide = draft, show = published). */
export const OA_CONTENT_STATUS_DISPLAY: Record<OaContentStatus, 'hide' | 'approval' | 'disapproval' | 'show'> = {
  draft: 'hide',
  approval: 'approval',
  disapproval: 'disapproval',
  published: 'show',
};

/**
 * Per-OA publishing state of an approved content: PENDING (queued), CREATING (create sent, waiting
 * for the token), VERIFYING (token received, verify answers -214 while Zalo processes), PUBLISHED
 * (article id known), FAILED (Zalo refused, e.g. -223 quota, or retries exhausted; `publishError`).
 */
export const OA_PUBLISH_STATES = ['PENDING', 'CREATING', 'VERIFYING', 'PUBLISHED', 'FAILED'] as const;
export type OaPublishState = (typeof OA_PUBLISH_STATES)[number];

/** Zalo's video status (REFERENCE §13.2 upload_video/verify). */
export const OA_VIDEO_STATUSES = ['UNKNOWN', 'READY', 'LOCKED', 'CONVERTING', 'FAILED', 'DELETED'] as const;
export type OaVideoStatus = (typeof OA_VIDEO_STATUSES)[number];
/** Zalo's numeric video status → ours. */
export const OA_VIDEO_STATUS_OF_CODE: Record<number, OaVideoStatus> = { 0: 'UNKNOWN', 1: 'READY', 2: 'LOCKED', 3: 'CONVERTING', 4: 'FAILED', 5: 'DELETED' };

export const COVER_VIEWS = ['horizontal', 'vertical', 'square'] as const;

/** The stable error codes of this module (§8; ERROR_CODES in ../errors.ts). */
export const OA_CONTENT_ERRORS = {
  /** §8 'OA Content was approved so cannot delete' (409). */
  approvedCannotDelete: 'OA_CONTENT_APPROVED',
  /** Editing a published content (409). */
  notEditable: 'OA_CONTENT_NOT_EDITABLE',
  /** Upload refused before storage: wrong type (415, field `file`) or too large (413). */
  uploadType: 'UNSUPPORTED_MEDIA_TYPE',
  uploadSize: 'PAYLOAD_TOO_LARGE',
} as const;
/** §8 messages as the server sends them. */
export const OA_CONTENT_MESSAGES = {
  approvedCannotDelete: 'OA Content was approved so cannot delete',
  imageType: 'Vui lòng chọn file ảnh (jpg, jpeg, png)',
  videoType: 'Video types only (mp4, avi)',
  uploadFailed: 'file uploaded failed',
} as const;

/* ─── Shared pieces ─────────────────────────────────────────────────────────────────────────── */

const uuid = z.uuid();
const url = safeText(z.string().trim().max(OA_CONTENT_LIMITS.urlMax)).refine((v) => /^https?:\/\/\S+$/i.test(v) || v.startsWith('/'), {
  message: 'must be an http(s) URL or a path returned by upload',
});

/** Comma-joined uuids in a query string (`zaloOAId=a,b`). */
const commaUuids = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(uuid).max(100));

export const oaRef = z.object({ id: uuid, name: z.string(), zaloOAvatar: z.string().nullable() });
export type OaRef = z.infer<typeof oaRef>;

export const contentUser = z.object({ id: uuid, displayName: z.string(), email: z.string(), avatar: z.string().nullable() });

/* ─── Body blocks (REFERENCE §13.2) ─────────────────────────────────────────────────────────── */

/** Text block: `content` is HTML. §3 `body[{content}]`. */
export const textBlock = z.strictObject({ type: z.literal('text'), content: safeText(z.string().max(OA_CONTENT_LIMITS.textBlockMax)) });
export const imageBlock = z.strictObject({
  type: z.literal('image'),
  url,
  caption: safeText(z.string().trim().max(OA_CONTENT_LIMITS.captionMax)).optional(),
});
/**
 * Video block: a public `url`, or `videoKey` = the key of a video uploaded through uploadVideo
 * (resolved to each OA's own Zalo `video_id` when publishing); `thumb` an image URL.
 */
export const videoBlock = z
  .strictObject({ type: z.literal('video'), url: url.optional(), videoKey: uuid.optional(), thumb: url.optional() })
  .refine((b) => Boolean(b.url) !== Boolean(b.videoKey), { message: 'give either url or videoKey', path: ['url'] });
export const productBlock = z.strictObject({ type: z.literal('product'), id: safeText(z.string().trim().min(1).max(100)) });

export const bodyBlock = z.union([textBlock, imageBlock, videoBlock, productBlock]);
export type BodyBlock = z.infer<typeof bodyBlock>;

/**
 * §3 cover{photo_url, cover_type, status}. A video cover names an uploaded video by `videoKey`
 * with its layout `cover_view` (horizontal, square, vertical — §2.9 step 2).
 */
export const cover = z
  .strictObject({
    cover_type: z.enum(['photo', 'video']),
    photo_url: url.optional(),
    videoKey: uuid.optional(),
    cover_view: z.enum(COVER_VIEWS).optional(),
    status: z.enum(['show', 'hide']).default('show'),
  })
  .refine((c) => (c.cover_type === 'photo' ? Boolean(c.photo_url) : Boolean(c.videoKey)), { message: 'a photo cover needs photo_url; a video cover needs videoKey', path: ['cover_type'] });
export type Cover = z.infer<typeof cover>;

/* ─── Rows ──────────────────────────────────────────────────────────────────────────────────── */

/** One selected OA of a content and its publishing state (§3 oaContentMapping). */
export const oaContentMapping = z.object({
  id: uuid,
  zaloOAId: uuid,
  zaloOA: oaRef,
  /** Zalo's 20-hex article id once published. */
  zaloContentId: z.string().nullable(),
  linkView: z.string().nullable(),
  totalView: z.number().int(),
  totalShare: z.number().int(),
  publishState: z.enum(OA_PUBLISH_STATES),
  /** Zalo's message (e.g. -223 'Your OA has reach the limit quota create article') when FAILED or retrying. */
  publishError: z.string().nullable(),
  attempts: z.number().int(),
  statsRefreshedAt: isoDate.nullable(),
});
export type OaContentMapping = z.infer<typeof oaContentMapping>;

/** §3 Content (post or video), list row and detail alike. */
export const oaContent = z.object({
  id: uuid,
  type: z.enum(OA_CONTENT_TYPES),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  /** HTML and media blocks; §3 `body[{content}]` (text blocks carry `content`). */
  body: z.array(bodyBlock),
  /** Thumbnail (video content: Zalo's `avatar`; posts: the cover photo when none is given). */
  avatar: z.string().nullable(),
  cover: z.object({ photo_url: z.string().nullable(), cover_type: z.enum(['photo', 'video']), status: z.enum(['show', 'hide']), videoKey: z.string().nullable().optional(), cover_view: z.enum(COVER_VIEWS).nullable().optional() }).nullable(),
  /** Video content: the uploaded video (videoId = its key, see uploadVideo). */
  videoUrl: z.string().nullable(),
  videoId: z.string().nullable(),
  videoName: z.string().nullable(),
  videoSize: z.number().int().nullable(),
  comment: z.enum(['show', 'hide']),
  status: z.enum(OA_CONTENT_STATUSES),
  /** §4 display value: hide, approval, disapproval, show. */
  statusDisplay: z.enum(['hide', 'approval', 'disapproval', 'show']),
  teamId: uuid.nullable(),
  createdBy: contentUser.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  zaloOA: z.array(oaRef),
  /** The approver who must decide next while in approval (null otherwise). */
  userNextApproval: contentUser.nullable(),
  /** The pending (or last) review task, for the approve/reject modal and My tasks. */
  taskId: uuid.nullable(),
  oaContentMapping: z.array(oaContentMapping),
  /** Sums over the mappings (§2.7). */
  totalView: z.number().int(),
  totalShare: z.number().int(),
  version: z.number().int(),
  /**
   * update: UPDATE_ZALO_OA_CONTENT and not published; delete: draft with CREATE/UPDATE or any
   * non-approved with DELETE_ZALO_OA_CONTENT (§6); decide: the caller is the next approver.
   */
  abilities: abilities(['update', 'delete', 'decide']),
});
export type OaContent = z.infer<typeof oaContent>;

/* ─── Queries and bodies ────────────────────────────────────────────────────────────────────── */

export const OA_CONTENT_ORDER_FIELDS = ['createdAt', 'updatedAt', 'title'] as const;

/** GET merchant/oa-content/getList. */
export const oaContentListQuery = pageQuery.extend({
  type: z.enum(OA_CONTENT_TYPES).optional(),
  /** One id or comma-joined (the broadcast picker). */
  zaloOAId: commaUuids.optional(),
  /** One status or comma-joined. The §4 display values (hide/show) are accepted too. */
  status: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .map((x) => (x === 'hide' ? 'draft' : x === 'show' ? 'published' : x)),
    )
    .pipe(z.array(z.enum(OA_CONTENT_STATUSES)).max(4))
    .optional(),
  title: safeText(z.string().trim().max(200)).optional(),
  teamIds: commaUuids.optional(),
  orderBy: z
    .string()
    .regex(/^(createdAt|updatedAt|title)=(asc|desc)$/, { message: 'orderBy must be createdAt, updatedAt or title followed by =asc or =desc' })
    .default('createdAt=desc')
    .transform((v) => {
      const [field, direction] = v.split('=') as [(typeof OA_CONTENT_ORDER_FIELDS)[number], 'asc' | 'desc'];
      return { field, direction };
    }),
});
export type OaContentListQuery = z.infer<typeof oaContentListQuery>;

const contentFields = {
  type: z.enum(OA_CONTENT_TYPES),
  title: safeText(z.string().trim().max(OA_CONTENT_LIMITS.titleMax)).default(''),
  author: safeText(z.string().trim().max(OA_CONTENT_LIMITS.authorMax)).default(''),
  description: safeText(z.string().trim().max(OA_CONTENT_LIMITS.descriptionMax)).default(''),
  body: z.array(bodyBlock).max(OA_CONTENT_LIMITS.bodyBlocksMax).default([]),
  avatar: url.nullable().optional(),
  cover: cover.nullable().optional(),
  /** Video content: the key of an uploaded video (uploadVideo answers it). */
  videoId: uuid.nullable().optional(),
  comment: z.enum(['show', 'hide']).default('show'),
  /** §5 'please choose an official account'. */
  zaloOAIds: z.array(uuid, { error: 'please choose an official account' }).min(1, { error: 'please choose an official account' }).max(OA_CONTENT_LIMITS.zaloOAsMax),
  /** Required when the tenant has several teams (§5). */
  teamId: uuid.nullable().optional(),
  /** false: save as draft; true: submit for review (status approval). */
  submit: z.boolean().default(false),
};

type Fields = { type: OaContentType; title: string; avatar?: string | null | undefined; cover?: Cover | null | undefined; videoId?: string | null | undefined; submit: boolean };
function submitRules(b: Fields, ctx: z.RefinementCtx) {
  if (!b.submit) return;
  if (!b.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'title allow 1 to 150 characters' });
  if (b.type === 'video') {
    if (!b.videoId) ctx.addIssue({ code: 'custom', path: ['videoId'], message: 'choose a video' });
    if (!b.avatar) ctx.addIssue({ code: 'custom', path: ['avatar'], message: 'a video content needs an avatar (thumbnail)' });
  } else if (!b.cover && !b.avatar) {
    ctx.addIssue({ code: 'custom', path: ['cover'], message: 'a post needs a cover' });
  }
}

/** POST merchant/oa-content/create. */
export const createOaContentBody = z.strictObject(contentFields).superRefine(submitRules);
export type CreateOaContentBody = z.infer<typeof createOaContentBody>;

/**
 * PATCH merchant/oa-content/update/{id}: the whole content again (as the editor sends it) plus the
 * `version` read (409 when someone saved in between). Editing an item in review voids its review;
 * with submit=true it goes back to review with a fresh snapshot.
 */
export const updateOaContentBody = z.strictObject({ ...contentFields, version: z.number().int().min(1).optional() }).superRefine(submitRules);
export type UpdateOaContentBody = z.infer<typeof updateOaContentBody>;

/** PATCH merchant/oa-content/approved/{id} — §5 note required. */
export const approveOaContentBody = z.strictObject({
  comment: safeText(z.string({ error: 'please input note' }).trim().min(1, { error: 'please input note' }).max(1000)),
  approval: z.boolean(),
});
export type ApproveOaContentBody = z.infer<typeof approveOaContentBody>;

/* ─── Uploads and videos ────────────────────────────────────────────────────────────────────── */

/** POST upload (form `file`, jpg/png): `data.avatar` is the stored file's URL. */
export const uploadImageResult = z.object({ avatar: z.string(), name: z.string(), size: z.number().int(), mime: z.string() });
/** POST upload/multi/file (form `file` repeated): one entry per file. */
export const uploadMultiResult = z.array(z.object({ url: z.string(), name: z.string(), size: z.number().int(), mime: z.string() }));

/** §3 Video upload form: file + zaloOAIds (comma-joined in the form). */
export const uploadVideoFields = z.strictObject({ zaloOAIds: commaUuids.pipe(z.array(uuid).min(1, { error: 'please choose an official account' })) });

/** One OA's copy of an uploaded video (§3 Video item value). */
export const oaVideoEntry = z.object({
  id: uuid,
  zaloOAId: uuid,
  videoName: z.string(),
  videoSize: z.number().int(),
  /** Zalo's video_id once converted (null while converting). */
  videoId: z.string().nullable(),
  status: z.enum(OA_VIDEO_STATUSES),
  convertPercent: z.number().int(),
  error: z.string().nullable(),
  createdAt: isoDate,
});
export type OaVideoEntry = z.infer<typeof oaVideoEntry>;

/** §3 Video item: key (the upload's key, used as the content's videoId) and its per-OA values. */
export const oaVideoItem = z.object({ key: uuid, videoUrl: z.string(), videoName: z.string(), videoSize: z.number().int(), value: z.array(oaVideoEntry) });
export type OaVideoItem = z.infer<typeof oaVideoItem>;

/** POST merchant/oa-content/uploadVideo answer (§7: videoUrl, videoName). */
export const uploadVideoResult = oaVideoItem;

/** GET merchant/oa-content/video/history: videos of the given OAs, 20 per page. */
export const videoHistoryQuery = pageQuery.extend({
  size: z.coerce.number().int().min(1).max(100).default(OA_CONTENT_LIMITS.videoPageSize),
  zaloOAId: commaUuids.optional(),
});

/** PATCH merchant/oa-content/video/update {ids}: removes these uploads (keys) from the picker (§2.9 delete with confirmation). */
export const videoUpdateBody = z.strictObject({ ids: z.array(uuid).min(1).max(100) });

/* ─── Quotas ────────────────────────────────────────────────────────────────────────────────── */

/** GET merchant/oa-content/quotas?zaloOAIds=a,b */
export const oaQuotaQuery = z.strictObject({ zaloOAIds: commaUuids.optional() });

/** §3 Quota per OA: used = articles + videos; remain = total − used. */
export const oaContentQuota = oaRef.extend({
  value: z.object({ used: z.number().int(), total: z.number().int(), remain: z.number().int() }),
  oaArticle: z.number().int(),
  oaVideo: z.number().int(),
});
export type OaContentQuota = z.infer<typeof oaContentQuota>;
