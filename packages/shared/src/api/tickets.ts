import { z } from 'zod';
import { abilities, isoDate, pageQuery, safeText } from './common';

/** §3 Enumerations: ticket status and priority. */
export const TICKET_STATUSES = ['OPEN', 'INPROGRESS', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/**
 * The allowed status moves (§3 ticket status; reopen brings a RESOLVED or CLOSED ticket back to
 * OPEN). Any other jump answers 409.
 */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  OPEN: ['INPROGRESS', 'RESOLVED', 'CLOSED'],
  INPROGRESS: ['OPEN', 'RESOLVED', 'CLOSED'],
  RESOLVED: ['CLOSED', 'OPEN', 'INPROGRESS'],
  CLOSED: ['OPEN'],
};

/** The SLA clocks of a ticket. */
export const SLA_CLOCKS = ['FIRST_RESPONSE', 'RESOLUTION'] as const;
export type SlaClock = (typeof SLA_CLOCKS)[number];

/* ─── API contract (§7 Tasks: merchant/ticket, merchant/ticket-comment; merchant/setting/tenant/sla) ─── */


export const TICKET_TITLE_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 10_000;
export const TICKET_COMMENT_MAX = 5_000;
export const TICKET_COMMENT_FILES_MAX = 5;
export const TICKET_MENTIONS_MAX = 20;
/** The SLA state of a ticket shown on each row: the worse of its open clocks. */
export const SLA_STATES = ['ok', 'warning', 'breached'] as const;
export type SlaState = (typeof SLA_STATES)[number];
/** One clock: running (ok/warning/breached), or done in time (met) or late (breached). */
export const SLA_CLOCK_STATES = ['ok', 'warning', 'breached', 'met'] as const;
/** Weekdays as JavaScript numbers them: 0 Sunday … 6 Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const SLA_TARGET_MAX_MINUTES = 525_600;
export const SLA_WARN_MAX_MINUTES = 1_440;

const uuid = z.uuid();

/** A person as the ticket screens show them. */
export const ticketUser = z.object({ id: uuid, displayName: z.string(), email: z.string(), avatar: z.string().nullable() });
export type TicketUser = z.infer<typeof ticketUser>;
export const ticketTeam = z.object({ id: uuid, name: z.string(), avatar: z.string().nullable() });

export const slaClockView = z.object({ dueAt: isoDate.nullable(), doneAt: isoDate.nullable(), state: z.enum(SLA_CLOCK_STATES) });

export const ticketItem = z.object({
  id: uuid,
  number: z.number().int(),
  title: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  assigneeUser: ticketUser.nullable(),
  assigneeTeam: ticketTeam.nullable(),
  createdBy: ticketUser.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Changed since the caller last opened it (or never opened). */
  unread: z.boolean(),
  firstResponse: slaClockView,
  resolution: slaClockView,
  slaState: z.enum(SLA_STATES),
  commentCount: z.number().int(),
  /** update: status/priority/assignee/title (UPDATE_TICKET); delete (DELETE_TICKET); comment (CREATE or UPDATE_TICKET). */
  abilities: abilities(['update', 'delete', 'comment']),
});
export type TicketItem = z.infer<typeof ticketItem>;

export const ticketDetail = ticketItem.extend({
  description: z.string(),
  resolvedAt: isoDate.nullable(),
  closedAt: isoDate.nullable(),
  /** The statuses the caller may move the ticket to now (TICKET_TRANSITIONS, empty without UPDATE_TICKET). */
  nextStatuses: z.array(z.enum(TICKET_STATUSES)),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

export const TICKET_ORDER_FIELDS = ['createdAt', 'updatedAt', 'priority', 'dueAt'] as const;

export const ticketListQuery = pageQuery.extend({
  status: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  /** me | unassigned | a user id | a team id. */
  assignee: z.union([z.enum(['me', 'unassigned']), uuid]).optional(),
  createdBy: z.literal('me').optional(),
  /** Title words, or `#12` / `12` for the ticket number. */
  search: z.string().trim().max(200).optional(),
  orderBy: z
    .string()
    .regex(/^(createdAt|updatedAt|priority|dueAt)=(asc|desc)$/, { message: 'orderBy must be createdAt, updatedAt, priority or dueAt followed by =asc or =desc' })
    .default('createdAt=desc')
    .transform((v) => {
      const [field, direction] = v.split('=') as [(typeof TICKET_ORDER_FIELDS)[number], 'asc' | 'desc'];
      return { field, direction };
    }),
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

const title = safeText(z.string().trim().min(1).max(TICKET_TITLE_MAX));
const description = safeText(z.string().max(TICKET_DESCRIPTION_MAX));

/** POST merchant/ticket. At most one of assigneeUserId / assigneeTeamId. */
export const createTicketBody = z
  .strictObject({
    title,
    description: description.default(''),
    priority: z.enum(TICKET_PRIORITIES).default('MEDIUM'),
    assigneeUserId: uuid.nullable().optional(),
    assigneeTeamId: uuid.nullable().optional(),
  })
  .refine((b) => !(b.assigneeUserId && b.assigneeTeamId), { message: 'assign a person or a team, not both', path: ['assigneeTeamId'] });
export type CreateTicketBody = z.infer<typeof createTicketBody>;

/** PATCH merchant/ticket/{id}: any of the fields; status moves as TICKET_TRANSITIONS allow (409 otherwise). */
export const updateTicketBody = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    assigneeUserId: uuid.nullable().optional(),
    assigneeTeamId: uuid.nullable().optional(),
  })
  .refine((b) => !(b.assigneeUserId && b.assigneeTeamId), { message: 'assign a person or a team, not both', path: ['assigneeTeamId'] })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'nothing to change', path: ['status'] });
export type UpdateTicketBody = z.infer<typeof updateTicketBody>;

export const ticketAttachment = z.object({ name: z.string(), url: z.string(), size: z.number().int(), type: z.string() });
export type TicketAttachment = z.infer<typeof ticketAttachment>;

export const ticketComment = z.object({
  id: uuid,
  ticketId: uuid,
  author: ticketUser.nullable(),
  body: z.string(),
  attachments: z.array(ticketAttachment),
  mentions: z.array(ticketUser),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Only the author may edit or delete a comment. */
  abilities: abilities(['update', 'delete']),
});
export type TicketComment = z.infer<typeof ticketComment>;

export const ticketCommentQuery = pageQuery.extend({ ticketId: uuid });

/**
 * Text fields of POST merchant/ticket-comment (multipart: these plus up to five `files`, JPG or PNG).
 * `mentions`: comma-joined user ids of tenant members.
 */
export const commentMentions = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(uuid).max(TICKET_MENTIONS_MAX));
export const createCommentFields = z.strictObject({
  ticketId: uuid,
  body: safeText(z.string().trim().min(1).max(TICKET_COMMENT_MAX)),
  mentions: commentMentions.optional(),
});
export const updateCommentBody = z.strictObject({
  body: safeText(z.string().trim().min(1).max(TICKET_COMMENT_MAX)),
  mentions: z.array(uuid).max(TICKET_MENTIONS_MAX).optional(),
});

/** One row of the ticket's history: a field that changed, from → to, by whom. */
export const ticketHistoryEntry = z.object({
  id: uuid,
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  actor: ticketUser.nullable(),
  createdAt: isoDate,
});
export type TicketHistoryEntry = z.infer<typeof ticketHistoryEntry>;

/** A person or team that may be assigned (tenant members and the tenant's teams). */
export const ticketAssignees = z.object({ users: z.array(ticketUser), teams: z.array(ticketTeam) });
export type TicketAssignees = z.infer<typeof ticketAssignees>;

/* SLA settings */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { message: 'time must be HH:mm' });
export const businessHours = z
  .object({ days: z.array(z.number().int().min(0).max(6)).min(1).max(7), start: hhmm, end: hhmm })
  .refine((h) => h.start < h.end, { message: 'end must be after start', path: ['end'] })
  .refine((h) => new Set(h.days).size === h.days.length, { message: 'a day is listed twice', path: ['days'] });
export type BusinessHoursInput = z.infer<typeof businessHours>;

const minutes = z.number().int().min(1).max(SLA_TARGET_MAX_MINUTES);
export const slaTarget = z.strictObject({ firstResponseMinutes: minutes, resolutionMinutes: minutes });
export const slaTargets = z.strictObject({ LOW: slaTarget, MEDIUM: slaTarget, HIGH: slaTarget, URGENT: slaTarget });
export type SlaTargetsInput = z.infer<typeof slaTargets>;

/** True when `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0 && tz.length <= 64;
  } catch {
    return false;
  }
}

export const slaSettings = z.object({
  timezone: z.string(),
  businessHours: z.object({ days: z.array(z.number().int()), start: z.string(), end: z.string() }),
  targets: z.object({ LOW: slaTarget, MEDIUM: slaTarget, HIGH: slaTarget, URGENT: slaTarget }),
  warnBeforeMinutes: z.number().int(),
  /** False while the tenant has saved nothing: the defaults apply. */
  configured: z.boolean(),
  updatedAt: isoDate.nullable(),
  abilities: abilities(['update']),
});
export type SlaSettings = z.infer<typeof slaSettings>;

export const updateSlaBody = z
  .strictObject({
    timezone: z.string().max(64).refine(isTimeZone, { message: 'unknown IANA time zone' }).optional(),
    businessHours: z.strictObject({ days: z.array(z.number().int().min(0).max(6)).min(1).max(7), start: hhmm, end: hhmm }).optional(),
    targets: slaTargets.optional(),
    warnBeforeMinutes: z.number().int().min(0).max(SLA_WARN_MAX_MINUTES).optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.businessHours) return;
    if (b.businessHours.start >= b.businessHours.end) ctx.addIssue({ code: 'custom', message: 'end must be after start', path: ['businessHours', 'end'] });
    if (new Set(b.businessHours.days).size !== b.businessHours.days.length) ctx.addIssue({ code: 'custom', message: 'a day is listed twice', path: ['businessHours', 'days'] });
  });
export type UpdateSlaBody = z.infer<typeof updateSlaBody>;

/** Defaults while a tenant has saved no SLA settings (working week Monday–Friday, 08:00–17:30). */
export const SLA_DEFAULTS = {
  timezone: 'Asia/Ho_Chi_Minh',
  businessHours: { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:30' },
  targets: {
    LOW: { firstResponseMinutes: 480, resolutionMinutes: 2880 },
    MEDIUM: { firstResponseMinutes: 240, resolutionMinutes: 1440 },
    HIGH: { firstResponseMinutes: 60, resolutionMinutes: 480 },
    URGENT: { firstResponseMinutes: 30, resolutionMinutes: 240 },
  },
  warnBeforeMinutes: 30,
} as const;
