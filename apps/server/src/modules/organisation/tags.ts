import type { ZaloClient } from '@zc/zalo/client';
import type { TenantTag, TenantTagsResponse } from '@zc/shared/api/settings';
import type { DbOrTx, Tx } from '../../db/client';
import type { RecordAudit } from '../../platform/mutation';
import { can, type Actor } from '../../platform/policy';
import type { TenantScope } from '../../platform/tenant-scope';
import { forgetOaTag, removeTagOnZalo, requireTenantOa, tenantTagCounts, zaloTagsOfOa } from '../followers/service';
import { findOa, findOas, zaloFailure } from '../zalo-oa/service';

/** Reading Zalo's label list of one OA gives up after this long (the stored labels are still shown). */
const ZALO_LIST_TIMEOUT_MS = 5_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * The settings tags tab (issue 16 #6): every label of each of the tenant's OAs — Zalo's list
 * (gettagsofoa) joined with the labels its synced followers carry — with how many synced followers
 * carry it. An OA Zalo does not answer for is named in `unreachable` and shows its stored labels only.
 */
export async function listTenantTags(db: DbOrTx, zalo: ZaloClient, actor: Actor, scope: TenantScope): Promise<TenantTagsResponse> {
  const [{ rows: oas }, counts] = await Promise.all([findOas(db, actor, scope), tenantTagCounts(db, scope)]);
  const remote = await Promise.all(
    oas.map(async (oa) => {
      try {
        return { oa, tags: await withTimeout(zaloTagsOfOa(zalo, oa.id), ZALO_LIST_TIMEOUT_MS), ok: true };
      } catch {
        return { oa, tags: [] as string[], ok: false };
      }
    }),
  );
  const data: TenantTag[] = [];
  for (const { oa, tags } of remote) {
    const stored = new Map(counts.filter((c) => c.zaloOaId === oa.id).map((c) => [c.tagName, c.followers]));
    const names = [...new Set([...tags, ...stored.keys()])].sort((a, b) => a.localeCompare(b, 'vi'));
    for (const tagName of names) data.push({ zaloOaId: oa.id, oaName: oa.name, tagName, followers: stored.get(tagName) ?? 0 });
  }
  return {
    data,
    unreachable: remote.filter((r) => !r.ok).map((r) => ({ zaloOaId: r.oa.id, oaName: r.oa.name })),
    abilities: { delete: can(actor, 'UPDATE_ZALO_OA_USER') },
  };
}

/** The tenant's OA for a tag deletion (404 for another tenant's), with its name for the audit entry. */
export async function tagDeletionTarget(db: DbOrTx, scope: TenantScope, zaloOaId: string): Promise<{ id: string; name: string }> {
  const id = await requireTenantOa(db, scope, zaloOaId);
  const oa = await findOa(db, scope, id);
  return { id, name: oa?.name ?? '' };
}

/** Removes the label on Zalo (rmtag); Zalo's refusal answers ZALO_REJECTED with its explanation. */
export async function deleteTagOnZalo(zalo: ZaloClient, zaloOaId: string, tagName: string): Promise<void> {
  try {
    await removeTagOnZalo(zalo, zaloOaId, tagName);
  } catch (err) {
    throw zaloFailure(err);
  }
}

/** After Zalo removed the label: off the stored followers, audited (OA_TAG_DELETE). */
export async function forgetTenantTag(tx: Tx, scope: TenantScope, oa: { id: string; name: string }, tagName: string, record: RecordAudit): Promise<{ followers: number }> {
  const followers = await forgetOaTag(tx, scope, oa.id, tagName);
  await record({ targetType: 'zalo_oa_tag', targetId: oa.id, before: { zaloOaId: oa.id, oaName: oa.name, tagName, followers }, after: null });
  return { followers };
}
