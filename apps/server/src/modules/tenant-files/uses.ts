/**
 * Where a tenant's uploaded file can be used (issue 16 #6, tools › file stand). Every table that
 * keeps an upload's URL (`/api/files/<key>`) or key declares it here: its tenant column, the column
 * (or JSON) that holds the URL, what names the row and the console page that shows it. A file is
 * "used" while any declared row of its tenant mentions its key; only unused files can be deleted.
 *
 * The declarations are SQL fragments of fixed identifiers (never user input). A module that starts
 * keeping upload URLs in a new column adds one line here; the test `every upload table is declared`
 * lists the tables the upload routes write to.
 */
export interface FileUse {
  /** Stable kind, also the translation key of the use's label (file-stand.json uses.*). */
  kind: string;
  table: string;
  /** SQL text expression (over alias `t`) that contains the URL or key. */
  text: string;
  /** SQL expression (over `t`) naming the row for the user. */
  label: string;
  /** SQL expression (over `t`) giving the row id used in the link. */
  id: string;
  /** The web's PAGES key of the console page that shows the row (its ':id' is `id`), or null when none. */
  page: string | null;
  /** Extra condition over `t` (e.g. not deleted). */
  where?: string;
}

export const FILE_USES: readonly FileUse[] = [
  { kind: 'oaContent', table: 'oa_contents', text: "coalesce(t.avatar, '') || ' ' || coalesce(t.cover::text, '')", label: 't.title', id: 't.id::text', page: 'oaContentDetail' },
  { kind: 'oaVideo', table: 'oa_videos', text: 't.file_url', label: 't.name', id: 't.id::text', page: 'oaContentVideo' },
  { kind: 'oaUpdateRequest', table: 'oa_update_requests', text: "coalesce(t.avatar, '') || ' ' || coalesce(t.cover, '')", label: "coalesce(t.name, '')", id: 't.id::text', page: 'oaSetting' },
  { kind: 'templateRequest', table: 'template_requests', text: 't.payload::text', label: 't.name', id: 't.id::text', page: 'znsTemplateManagement' },
  { kind: 'team', table: 'teams', text: "coalesce(t.avatar, '')", label: 't.name', id: 't.id::text', page: 'teams' },
  { kind: 'ticketComment', table: 'ticket_comments', text: 't.attachments::text', label: "(select tk.title from tickets tk where tk.id = t.ticket_id)", id: 't.ticket_id::text', page: 'myTicket' },
  { kind: 'miniApp', table: 'zma_apps', text: "coalesce(t.logo_url, '')", label: 't.name', id: 't.id::text', page: 'zmaApp' },
  { kind: 'miniAppGift', table: 'zma_gift_items', text: "coalesce(t.image_url, '')", label: 't.name', id: 't.zma_app_id::text', page: 'zmaGifts' },
  { kind: 'tenantAvatar', table: 'tenants', text: "coalesce(t.avatar, '')", label: 't.name', id: 't.id::text', page: null },
];

/** The tenant column of a declared table (tenants: its own id). */
export function tenantColumn(use: FileUse): string {
  return use.table === 'tenants' ? 't.id' : 't.tenant_id';
}
