import { OA_CONTENT_STATUS_DISPLAY, OA_VIDEO_STATUSES, type OaContent, type OaContentMapping, type OaVideoEntry, type OaVideoItem, type OaRef } from '@zc/shared/api/oa-content';
import type { Actor } from '../../platform/policy';
import { contentAbilities } from './policy';
import type { ContentRow, MappingRow, OaRow, UserRow, VideoRow } from './repo';

export const presentOa = (oa: OaRow | undefined, id: string): OaRef => ({ id, name: oa?.name ?? '', zaloOAvatar: oa?.avatar ?? null });
const presentUser = (u: UserRow | undefined | null) => (u ? { id: u.id, displayName: u.displayName, email: u.email, avatar: u.avatar } : null);

export function presentMapping(m: MappingRow, oas: Map<string, OaRow>): OaContentMapping {
  return {
    id: m.id,
    zaloOAId: m.zaloOaId,
    zaloOA: presentOa(oas.get(m.zaloOaId), m.zaloOaId),
    zaloContentId: m.zaloContentId,
    linkView: m.linkView,
    totalView: m.totalView,
    totalShare: m.totalShare,
    publishState: m.publishState,
    publishError: m.lastError,
    attempts: m.attempts,
    statsRefreshedAt: m.statsRefreshedAt?.toISOString() ?? null,
  };
}

export interface PresentCtx {
  oas: Map<string, OaRow>;
  users: Map<string, UserRow>;
  tasks: Map<string, { status: string; nextApproverId: string | null }>;
  mappings: Map<string, MappingRow[]>;
  videos: Map<string, VideoRow[]>;
}

export function presentContent(actor: Actor, row: ContentRow, ctx: PresentCtx): OaContent {
  const mappings = ctx.mappings.get(row.id) ?? [];
  const task = row.taskId ? (ctx.tasks.get(row.taskId) ?? null) : null;
  const video = row.videoKey ? ctx.videos.get(row.videoKey)?.[0] : undefined;
  const pendingTask = row.status === 'approval' && task?.status === 'PENDING' ? task : null;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    author: row.author,
    body: row.body,
    avatar: row.avatar ?? (row.cover?.cover_type === 'photo' ? (row.cover.photo_url ?? null) : null),
    cover: row.cover
      ? { photo_url: row.cover.photo_url ?? null, cover_type: row.cover.cover_type, status: row.cover.status, videoKey: row.cover.videoKey ?? null, cover_view: row.cover.cover_view ?? null }
      : null,
    videoUrl: video?.fileUrl ?? null,
    videoId: row.videoKey,
    videoName: video?.name ?? null,
    videoSize: video?.size ?? null,
    comment: row.comment,
    status: row.status,
    statusDisplay: OA_CONTENT_STATUS_DISPLAY[row.status],
    teamId: row.teamId,
    createdBy: presentUser(row.createdBy ? ctx.users.get(row.createdBy) : null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    zaloOA: mappings.map((m) => presentOa(ctx.oas.get(m.zaloOaId), m.zaloOaId)),
    userNextApproval: presentUser(pendingTask?.nextApproverId ? ctx.users.get(pendingTask.nextApproverId) : null),
    taskId: row.taskId,
    oaContentMapping: mappings.map((m) => presentMapping(m, ctx.oas)),
    totalView: mappings.reduce((n, m) => n + m.totalView, 0),
    totalShare: mappings.reduce((n, m) => n + m.totalShare, 0),
    version: row.version,
    abilities: contentAbilities(actor, row, task),
  };
}

export function presentVideoEntry(v: VideoRow): OaVideoEntry {
  return {
    id: v.id,
    zaloOAId: v.zaloOaId,
    videoName: v.name,
    videoSize: v.size,
    videoId: v.videoId,
    status: (OA_VIDEO_STATUSES as readonly string[]).includes(v.status) ? v.status : 'UNKNOWN',
    convertPercent: v.convertPercent,
    error: v.error,
    createdAt: v.createdAt.toISOString(),
  };
}

export function presentVideoItem(key: string, rows: VideoRow[]): OaVideoItem {
  const first = rows[0];
  return { key, videoUrl: first?.fileUrl ?? '', videoName: first?.name ?? '', videoSize: first?.size ?? 0, value: rows.map(presentVideoEntry) };
}
