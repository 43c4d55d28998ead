import type { ZaloHosts } from '@zc/zalo/hosts';
import type { RateLimiter } from '@zc/zalo/rate-limit';
import type { Db, DbOrTx } from './db/client';
import type { Cipher } from './platform/crypto';
import { registerReviewKind } from './modules/approvals/service';
import { createServerZaloClient } from './modules/zalo-oa/zalo-client';
import { znsTemplateReviewKind } from './modules/templates/review-kind';
import { oaBroadcastReviewKind } from './modules/broadcasts/review-kind';
import { znsCampaignReviewKind } from './modules/campaigns/review-kind';
import { contentSourceFrom, useBroadcastContentSource } from './modules/broadcasts/content-port';
import { publishedArticles } from './modules/oa-content/service';
import { oaContentPostReviewKind, oaContentVideoReviewKind } from './modules/oa-content/review-kind';
import { useZaloForTemplateSubmission } from './modules/templates/service';

export interface ReviewKindDeps {
  cipher: Cipher;
  zaloHosts: ZaloHosts;
  zalo: { oaPerMinute?: number; timeoutMs?: number; limiter?: RateLimiter };
}

/**
 * The one composition file of reviewable kinds (ADR 0012): each module that has items reviewed
 * supplies its ReviewKind and is registered here, so the review engine (modules/approvals) never
 * imports the modules it reviews. Called where a process wires its modules (buildApp, the worker).
 */
export function wireReviewKinds(deps: ReviewKindDeps): void {
  registerReviewKind(znsTemplateReviewKind);
  registerReviewKind(oaBroadcastReviewKind);
  registerReviewKind(znsCampaignReviewKind);
  // Broadcasts read which contents are published on which OA through the content module's service.
  useBroadcastContentSource(contentSourceFrom(publishedArticles));
  registerReviewKind(oaContentPostReviewKind);
  registerReviewKind(oaContentVideoReviewKind);
  // The approval handler submits template requests to Zalo from inside its dispatcher transaction:
  // the client reads the OA's tokens through that transaction (embedded PGlite has one session, so a
  // second connection would wait on the transaction forever). A Tx answers every query a Db does.
  useZaloForTemplateSubmission((db: DbOrTx) => createServerZaloClient(db as Db, deps.cipher, deps.zaloHosts, deps.zalo));
}
