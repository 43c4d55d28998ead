import type { OA_CONTENT_LIMITS } from '@zc/shared/api/oa-content';

export type { OaContent, OaContentMapping, OaContentQuota, OaContentStatus, OaContentType, OaPublishState, OaVideoItem, OaVideoEntry, BodyBlock, Cover, CreateOaContentBody } from '@zc/shared/api/oa-content';

/**
 * The contract's limits the forms use. A literal copy: importing the runtime constant would pull zod
 * into the route chunk; the annotation makes tsc fail if the shared values change.
 */
export const CONTENT_LIMITS: Pick<typeof OA_CONTENT_LIMITS, 'titleMax' | 'authorMax' | 'descriptionMax' | 'videoPageSize'> = {
  titleMax: 150,
  authorMax: 50,
  descriptionMax: 300,
  videoPageSize: 20,
};

/** Query key prefix of everything this feature caches (lists, details, quotas, videos). */
export const oaContentKey = ['oa-content'] as const;
export const oaContentListKey = [...oaContentKey, 'list'] as const;
export const oaContentDetailKey = [...oaContentKey, 'detail'] as const;
export const oaContentQuotaKey = [...oaContentKey, 'quotas'] as const;
export const oaVideosKey = [...oaContentKey, 'videos'] as const;
