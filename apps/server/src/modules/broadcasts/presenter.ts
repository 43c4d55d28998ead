import { explainZaloError } from '@zc/zalo/error-catalog';
import { BROADCAST_MODERATION_MINUTES, type Broadcast } from '@zc/shared/api/broadcasts';
import type { Actor } from '../../platform/policy';
import { broadcastAbilities } from './policy';
import type { BroadcastRow, PersonRow } from './repo';
import type { PublishedContent } from './content-port';
import { nextWindowOpening } from './schedule';

export interface PresentContext {
  oas: Map<string, { id: string; name: string; avatar: string | null }>;
  teams: Map<string, { id: string; name: string }>;
  people: Map<string, PersonRow>;
  contents: Map<string, PublishedContent>;
  reviews: Map<string, { taskId: string; status: string; nextApproverId: string | null }>;
}

const person = (p: PersonRow | undefined) => (p ? { id: p.id, displayName: p.displayName, email: p.email, userProfile: { avatar: p.avatar } } : null);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Why a hand-over failed, in both languages (the web shows the user's): Zalo's code explained, or our own reason. */
function explain(row: BroadcastRow): Broadcast['send']['error'] {
  if (row.errorCode === null && !row.errorMessage) return null;
  if (row.errorCode !== null) {
    const e = explainZaloError(row.errorCode, 'oa');
    return { code: row.errorCode, zaloMessage: row.errorMessage ?? e.zaloMessage, en: `${e.en.meaning} ${e.en.action}`, vi: `${e.vi.meaning} ${e.vi.action}` };
  }
  return { code: null, zaloMessage: null, en: row.errorMessage ?? '', vi: row.errorMessage ?? '' };
}

export function presentBroadcast(actor: Actor, row: BroadcastRow, c: PresentContext): Broadcast {
  const oa = c.oas.get(row.zaloOaId);
  const review = c.reviews.get(row.id) ?? null;
  const nextApproverId = row.status === 'PENDING_REVIEW' && review?.status === 'PENDING' ? review.nextApproverId : null;
  const creator = row.createdBy ? c.people.get(row.createdBy) : undefined;
  const t = row.target;
  const expected = row.sentAt ? nextWindowOpening(new Date(row.sentAt.getTime() + BROADCAST_MODERATION_MINUTES * 60_000)) : null;
  return {
    id: row.id,
    groupId: row.groupId,
    nameBroadcast: row.name,
    contentType: row.contentType,
    status: row.status,
    scheduleTime: row.scheduleTime.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: creator?.displayName ?? null,
    createdBy: person(creator),
    updatedBy: person(row.updatedBy ? c.people.get(row.updatedBy) : undefined),
    teamId: row.teamId,
    team: row.teamId ? (c.teams.get(row.teamId) ?? null) : null,
    zaloOA: oa ? [{ id: oa.id, name: oa.name, zaloOAvatar: oa.avatar }] : [],
    attachment: row.contentIds.map((id, i) => {
      const content = c.contents.get(id);
      return {
        id,
        title: content?.title ?? '',
        description: content?.description ?? '',
        cover: content?.cover ?? null,
        type: content?.type ?? 'post',
        zaloArticleId: row.articleIds?.[i] ?? content?.articles.get(row.zaloOaId) ?? null,
      };
    }),
    oABroadcastMapping: [{ zaloOAId: row.zaloOaId, recipient: { target: { gender: String(t.gender), ages: t.ages.join(','), cities: t.cities.join(','), locations: t.locations.join(',') } } }],
    send: {
      state: row.sendState,
      holdReason: row.holdReason,
      nextAttemptAt: row.sendState === 'WAITING' || row.sendState === 'HELD' ? iso(row.nextAttemptAt) : null,
      sentAt: iso(row.sentAt),
      expectedDeliveryAt: expected ? expected.toISOString() : null,
      zaloMessageId: row.zaloMessageId,
      error: explain(row),
    },
    task: review ? [{ id: review.taskId, status: review.status }] : [],
    userNextApproval: person(nextApproverId ? c.people.get(nextApproverId) : undefined),
    abilities: broadcastAbilities(actor, row, nextApproverId),
  };
}
