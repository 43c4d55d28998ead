import type { ZnsRating, ZnsTemplateParam, ZnsTemplateStatus, ZnsTemplateTag } from '@zc/zalo/zns';
import { createMiniAppState, type MiniAppState } from './mini-app-state';

/** Everything the sandbox remembers. Plain maps: fast enough for thousands of ZNS sends a second. */

export interface SandboxApp {
  appId: string;
  name: string;
  secretKey: string;
  /** The "OA secret key" of the webhook settings page, used to sign webhooks. */
  webhookSecret: string;
  webhookUrl?: string;
  /** Allowed OAuth redirect URIs; empty = any loopback http(s) URL (convenient for local dev). */
  redirectUris: string[];
}

export interface SandboxOa {
  oaId: string;
  appId: string;
  name: string;
  description: string;
  alias: string;
  avatar: string;
  cover: string;
  isVerified: boolean;
  oaType: number;
  cateName: string;
  packageName: string;
  packageValidThrough: string;
  /** Token generation: only the pair of the current generation is valid. */
  tokenGen: number;
  accessExpiresAt: number;
  /** Phones (84…) and user ids of admins: development-mode ZNS reaches only them. */
  adminPhones: Set<string>;
  adminUserIds: Set<string>;
  znsDailyQuota: number;
  znsPromotionDailyQuota: number;
  /** Counters of the current Vietnam day (`dayKey`). */
  usage: { dayKey: string; zns: number; znsPromotion: number; devZns: number };
  quality: { current: string; sevenDay: string };
  tags: Set<string>;
}

/** What the user shares with the OA; user/detail answers city and district by name. */
export interface SharedInfo {
  name: string;
  phone: string;
  address: string;
  city: string;
  district: string;
  user_dob: string;
  /** Set when the OA wrote them through user/update (integer ids). */
  city_id?: number;
  district_id?: number;
}

export interface SandboxUser {
  userId: string;
  userIdByApp: string;
  oaId: string;
  displayName: string;
  alias: string;
  /** The OA's own id for this user (user/update `user_external_id`). */
  externalId: string;
  avatar: string;
  isFollower: boolean;
  isSensitive: boolean;
  lastInteraction: number;
  tags: Set<string>;
  notes: string[];
  sharedInfo?: SharedInfo;
  gender: 1 | 2;
  ageGroup: number;
  cityCode: number;
  platform: 1 | 2;
}

/** Both of Zalo's tag vocabularies (REFERENCE §13.1); PROMOTION is the promotion class (night ban, quota). */
export type TemplateTag = ZnsTemplateTag;

export interface SandboxTemplate {
  templateId: string;
  oaId: string;
  name: string;
  status: ZnsTemplateStatus;
  tag: TemplateTag;
  params: ZnsTemplateParam[];
  buttons: Array<{ type: number; title: string; content: string }>;
  price: number;
  quality: string;
  createdTime: number;
  sample: Record<string, string>;
  uidCapable: boolean;
  /** Made through this app's API (`filterPreset=1` keeps only these), not in the ZBS console. */
  viaApp: boolean;
  /** Why review rejected it (info/v2 `reason`, REJECT only). */
  reason?: string;
}

export interface ZnsMessageRecord {
  msgId: string;
  oaId: string;
  phone: string;
  templateId: string;
  trackingId?: string;
  sentAt: number;
  deliverAt: number;
}

export interface OaMessageRecord {
  msgId: string;
  oaId: string;
  userId: string;
  /** 0 = OA → user, 1 = user → OA (Zalo's `src`). */
  src: 0 | 1;
  type: string;
  text: string;
  time: number;
  url?: string;
  /** Further fields of the conversation API's item for this kind (thumb, links, location; chat-sim.ts). */
  extra?: Record<string, unknown>;
}

/** Simulated followers' chat behaviour (chat-sim.ts): receipts after OA messages, chatter schedules. */
export interface ChatReceiptSettings {
  enabled: boolean;
  receivedDelayMs: number;
  seenDelayMs: number;
}

export interface ChatSchedule {
  id: string;
  oaId: string;
  userIds: string[];
  kinds: string[];
  everyMs: number;
  count: number;
  sent: number;
  seed: number;
  msgIds: string[];
  active: boolean;
}

export interface ChatSimState {
  /** oaId (or `*`, the default) → receipt behaviour. */
  receipts: Map<string, ChatReceiptSettings>;
  schedules: Map<string, ChatSchedule>;
  /** `oaId:userId` → OA message ids received but not yet seen (one user_seen_message names them all). */
  unseen: Map<string, string[]>;
  /** `oaId:userId` of followers asked for their info (request_user_info) who have not answered yet. */
  infoRequests: Set<string>;
  /** `oaId:userId` of followers who clicked "Chat now" (Zalo fires user_click_chatnow once per user and OA). */
  chatNow: Set<string>;
}

export interface SandboxArticle {
  id: string;
  oaId: string;
  type: 'normal' | 'video';
  title: string;
  author: string;
  description: string;
  coverUrl: string;
  body: unknown[];
  videoId?: string;
  status: 'show' | 'hide';
  comment: 'show' | 'hide';
  createdAt: number;
  updatedAt: number;
  views: number;
  removed: boolean;
}

export interface SandboxVideo {
  token: string;
  videoId: string;
  oaId: string;
  name: string;
  size: number;
  createdAt: number;
  /** Conversion finishes this long after upload (the sandbox clock drives the progress). */
  convertMs: number;
}

export interface ArticleJob {
  token: string;
  articleId: string;
  readyAt: number;
}

export interface SandboxState {
  apps: Map<string, SandboxApp>;
  oas: Map<string, SandboxOa>;
  /** oaId → userId → user */
  users: Map<string, Map<string, SandboxUser>>;
  templates: Map<string, SandboxTemplate>;
  znsMessages: Map<string, ZnsMessageRecord>;
  /** oaId → messages, oldest first */
  oaMessages: Map<string, OaMessageRecord[]>;
  articles: Map<string, SandboxArticle>;
  articleJobs: Map<string, ArticleJob>;
  videos: Map<string, SandboxVideo>;
  uploads: Map<string, { id: string; oaId: string; kind: 'image' | 'gif' | 'file'; size: number; createdAt: number }>;
  authCodes: Map<string, { appId: string; oaId: string; challenge: string; redirectUri: string; expiresAt: number; used: boolean }>;
  /** Per app, the OA API calls in the current minute (`-32` past the limit). */
  rateWindows: Map<string, { minute: number; count: number }>;
  /** templateId → customer ratings (`/rating/get`). */
  ratings: Map<string, ZnsRating[]>;
  chat: ChatSimState;
  /** Mini App identity: users, tokens, registered apps (mini-app-state.ts). */
  miniApp: MiniAppState;
  counter: number;
}

/** An empty state (the seed fills it). */
export function createEmptyState(): SandboxState {
  return {
    apps: new Map(),
    oas: new Map(),
    users: new Map(),
    templates: new Map(),
    znsMessages: new Map(),
    oaMessages: new Map(),
    articles: new Map(),
    articleJobs: new Map(),
    videos: new Map(),
    uploads: new Map(),
    authCodes: new Map(),
    rateWindows: new Map(),
    ratings: new Map(),
    chat: { receipts: new Map(), schedules: new Map(), unseen: new Map(), infoRequests: new Set(), chatNow: new Set() },
    miniApp: createMiniAppState(),
    counter: 0,
  };
}

/** A short unique hex id (Zalo message ids look like `a4d0243feee163bd3af2`). */
export function nextHexId(state: SandboxState, prefix = ''): string {
  state.counter += 1;
  return prefix + (0x10000000 + state.counter).toString(16) + Math.floor(Math.random() * 0xffffffff).toString(16).padStart(8, '0');
}

/** A numeric-string id (for articles, users created at runtime). */
export function nextNumericId(state: SandboxState): string {
  state.counter += 1;
  return `71${String(Date.now()).slice(-8)}${String(state.counter).padStart(9, '0')}`;
}

const VN_OFFSET_MS = 7 * 3600_000;

/** Vietnam calendar day (Asia/Ho_Chi_Minh has no DST: UTC+7) as `YYYY-MM-DD`. */
export function vietnamDayKey(now: number): string {
  return new Date(now + VN_OFFSET_MS).toISOString().slice(0, 10);
}

/** Hour 0–23 in Vietnam. */
export function vietnamHour(now: number): number {
  return new Date(now + VN_OFFSET_MS).getUTCHours();
}

/** True 22:00–05:59 Vietnam time, when promotion messages are refused. */
export function isNight(now: number): boolean {
  const h = vietnamHour(now);
  return h >= 22 || h < 6;
}

/** The OA's daily counters, reset when the Vietnam day changes. */
export function usageOf(oa: SandboxOa, now: number): SandboxOa['usage'] {
  const day = vietnamDayKey(now);
  if (oa.usage.dayKey !== day) oa.usage = { dayKey: day, zns: 0, znsPromotion: 0, devZns: 0 };
  return oa.usage;
}

/** dd/MM/yyyy, Zalo's date format in user detail. */
export function ddmmyyyy(ms: number): string {
  const d = new Date(ms + VN_OFFSET_MS);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}
