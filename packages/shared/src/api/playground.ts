import { z } from 'zod';
import { MESSAGE_STATUSES, oaMessage } from './messaging';

/**
 * The playground's sample messages (§3 message template, template type group): one group per
 * message family, each sample a ready-to-send `messageData` the user can edit.
 */
export const UID_MESSAGE_TEMPLATE_GROUPS = [
  {
    id: 'cs',
    name: 'CS',
    uidMessageTemplates: [
      { id: 'text', name: 'Text', templateType: 'text', exampleMessage: { kind: 'text', text: 'Xin chào {name}, cảm ơn bạn đã quan tâm đến cửa hàng!' } },
      { id: 'image', name: 'Image', templateType: 'image', exampleMessage: { kind: 'image', url: 'https://picsum.photos/seed/zc/640/360', caption: 'Bộ sưu tập mới' } },
      { id: 'file', name: 'File', templateType: 'file', exampleMessage: { kind: 'file', token: '' } },
      { id: 'sticker', name: 'Sticker', templateType: 'sticker', exampleMessage: { kind: 'sticker', attachmentId: 'bfe458bf64fa8da4d4eb' } },
      { id: 'quote', name: 'Quote', templateType: 'quote', exampleMessage: { kind: 'quote', text: 'Chúng tôi đã nhận được câu hỏi của bạn.', quoteMessageId: '' } },
      {
        id: 'request',
        name: 'Request user info',
        templateType: 'request',
        exampleMessage: { kind: 'request', title: 'Chia sẻ thông tin', subtitle: 'Chia sẻ số điện thoại để nhận ưu đãi thành viên', imageUrl: 'https://picsum.photos/seed/zc-req/640/360' },
      },
    ],
  },
  {
    id: 'transaction',
    name: 'TRANSACTION',
    uidMessageTemplates: [
      {
        id: 'transaction',
        name: 'Transaction',
        templateType: 'transaction',
        exampleMessage: {
          kind: 'transaction',
          templateType: 'order',
          language: 'VI',
          elements: {
            header: 'Xác nhận đơn hàng',
            text: 'Cảm ơn bạn đã mua hàng. Đơn hàng đang được chuẩn bị.',
            table: [
              { key: 'Mã đơn', value: 'DH-1024' },
              { key: 'Trạng thái', value: 'Đang xử lý', style: 'yellow' },
            ],
          },
          buttons: [{ type: 'oa.open.url', title: 'Xem đơn hàng', payload: { url: 'https://example.com/orders/DH-1024' } }],
        },
      },
    ],
  },
  {
    id: 'promotion',
    name: 'PROMOTION',
    uidMessageTemplates: [
      {
        id: 'promotion',
        name: 'Promotion',
        templateType: 'promotion',
        exampleMessage: {
          kind: 'promotion',
          elements: {
            header: 'Ưu đãi cuối tuần',
            text: 'Giảm 20% cho mọi đơn hàng từ 500.000đ.',
            table: [{ key: 'Mã', value: 'WEEKEND20' }],
          },
          buttons: [{ type: 'oa.open.url', title: 'Mua ngay', payload: { url: 'https://example.com/sale' } }],
        },
      },
    ],
  },
] as const;

export const UID_TEMPLATE_IDS = UID_MESSAGE_TEMPLATE_GROUPS.flatMap((g) => g.uidMessageTemplates.map((t) => t.id));

export const uidTemplateGroup = z.object({
  id: z.string(),
  name: z.string(),
  uidMessageTemplates: z.array(z.object({ id: z.string(), name: z.string(), templateType: z.string(), exampleMessage: z.unknown() })),
});

/**
 * A key the playground may send with: what SEND_REQUEST_PLAYGROUND needs to pick one, without the
 * key list's VIEW_API_KEYS (no prefix, status or dates).
 */
export const playgroundApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  zaloOAId: z.uuid(),
  zaloOA: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type PlaygroundApiKey = z.infer<typeof playgroundApiKey>;

/** §3 Playground send payload. */
export const playgroundSendBody = z.strictObject({
  messageData: oaMessage,
  apiKeyId: z.uuid(),
  uidTypeId: z.enum(UID_TEMPLATE_IDS as [string, ...string[]]),
  uid: z.string().trim().regex(/^\d{1,32}$/, { message: 'user id is required (digits)' }),
});

export const PLAYGROUND_UPLOAD = {
  IMAGE: { maxBytes: 1024 * 1024, types: ['image/jpeg', 'image/png'] },
  FILE: { maxBytes: 5 * 1024 * 1024, types: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/csv'] },
} as const;

/**
 * Placeholders a playground message may carry (`Xin chào {name}`), filled from the chosen
 * follower. The server fills them when it sends and the console fills its preview with the same
 * function, so what is sent is what was previewed.
 */
export const PLAYGROUND_PLACEHOLDERS = ['name', 'uid', 'alias', 'phone', 'city', 'district', 'address', 'dob'] as const;
export type PlaygroundPlaceholder = (typeof PLAYGROUND_PLACEHOLDERS)[number];
export type PlaceholderValues = Partial<Record<PlaygroundPlaceholder, string>>;

/** What a follower offers to the placeholders (a synced follower row or the followers list item). */
export interface PlaceholderFollower {
  userId: string;
  displayName?: string | null;
  userAlias?: string | null;
  sharedInfo?: Record<string, string> | null;
}

const nonEmpty = (v: string | null | undefined): string | undefined => {
  const s = v?.trim();
  return s ? s : undefined;
};

/** The placeholder values of a follower: `{name}` is the Zalo display name, the rest come from the info the follower shared. */
export function followerPlaceholderValues(f: PlaceholderFollower): PlaceholderValues {
  const info = f.sharedInfo ?? {};
  const entries: Array<[PlaygroundPlaceholder, string | undefined]> = [
    ['name', nonEmpty(f.displayName) ?? nonEmpty(info.name)],
    ['uid', nonEmpty(f.userId)],
    ['alias', nonEmpty(f.userAlias)],
    ['phone', nonEmpty(info.phone)],
    ['city', nonEmpty(info.city)],
    ['district', nonEmpty(info.district)],
    ['address', nonEmpty(info.address)],
    ['dob', nonEmpty(info.user_dob)],
  ];
  return Object.fromEntries(entries.filter((e): e is [PlaygroundPlaceholder, string] => e[1] !== undefined));
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;
const isPlaceholder = (name: string): name is PlaygroundPlaceholder => (PLAYGROUND_PLACEHOLDERS as readonly string[]).includes(name);

export interface FilledText {
  text: string;
  /** Known placeholders without a value (left as written). */
  missing: PlaygroundPlaceholder[];
  /** `{word}`s that are not placeholders (left as written). */
  unknown: string[];
}

/** Replaces `{placeholder}`s in one text; unknown names and missing values stay as written. */
export function fillPlaceholders(text: string, values: PlaceholderValues): FilledText {
  const missing = new Set<PlaygroundPlaceholder>();
  const unknown = new Set<string>();
  const out = text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!isPlaceholder(name)) {
      unknown.add(name);
      return whole;
    }
    const value = values[name];
    if (value === undefined) {
      missing.add(name);
      return whole;
    }
    return value;
  });
  return { text: out, missing: [...missing], unknown: [...unknown] };
}

/** The placeholders used anywhere in a message's texts. */
export function messagePlaceholders(message: object): PlaygroundPlaceholder[] {
  return fillMessagePlaceholders(message, {}).missing.map((m) => m.placeholder).filter((p, i, all) => all.indexOf(p) === i);
}

export interface FilledMessage<T> {
  message: T;
  /** Each placeholder without a value, with the path of the field that uses it (`text`, `elements.table.0.value`). */
  missing: Array<{ placeholder: PlaygroundPlaceholder; path: string }>;
  unknown: string[];
}

type Loose = Record<string, unknown>;
const isObj = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Fills the texts a follower reads — text, caption, request title/subtitle, rich header/text/
 * description, table keys and values, button titles and SMS content — and never ids, tokens,
 * URLs or query payloads. Pure: works on the send schema's shape and on the console's loose one.
 */
export function fillMessagePlaceholders<T extends object>(message: T, values: PlaceholderValues): FilledMessage<T> {
  const missing: FilledMessage<T>['missing'] = [];
  const unknown = new Set<string>();
  const fill = (v: unknown, path: string): unknown => {
    if (typeof v !== 'string') return v;
    const r = fillPlaceholders(v, values);
    for (const p of r.missing) missing.push({ placeholder: p, path });
    for (const u of r.unknown) unknown.add(u);
    return r.text;
  };
  const m: Loose = { ...(message as Loose) };
  for (const key of ['text', 'caption', 'title', 'subtitle'] as const) if (key in m) m[key] = fill(m[key], key);
  if (isObj(m.elements)) {
    const e: Loose = { ...m.elements };
    for (const key of ['header', 'text', 'description'] as const) if (key in e) e[key] = fill(e[key], `elements.${key}`);
    if (Array.isArray(e.table)) {
      e.table = e.table.map((row: unknown, i) => (isObj(row) ? { ...row, key: fill(row.key, `elements.table.${i}.key`), value: fill(row.value, `elements.table.${i}.value`) } : row));
    }
    m.elements = e;
  }
  if (Array.isArray(m.buttons)) {
    m.buttons = m.buttons.map((raw: unknown, i) => {
      if (!isObj(raw)) return raw;
      const b: Loose = { ...raw, title: fill(raw.title, `buttons.${i}.title`) };
      if (raw.type === 'oa.open.sms' && isObj(raw.payload)) b.payload = { ...raw.payload, content: fill(raw.payload.content, `buttons.${i}.payload.content`) };
      return b;
    });
  }
  // The copy has the input's shape: only string values were replaced by strings.
  return { message: m as T, missing, unknown: [...unknown] };
}

/** Query of the follower's recent conversation (the messages a quote can refer to). */
export const playgroundConversationQuery = z.strictObject({
  apiKeyId: z.uuid(),
  uid: z.string().trim().regex(/^\d{1,32}$/, { message: 'user id is required (digits)' }),
});

/** One message of the conversation between the OA and the follower, newest first. */
export const playgroundConversationMessage = z.object({
  messageId: z.string(),
  /** True when the follower wrote it (Zalo `src` 1), false for the OA's own messages. */
  fromFollower: z.boolean(),
  type: z.string(),
  text: z.string(),
  time: z.string().describe('ISO 8601'),
});
export type PlaygroundConversationMessage = z.infer<typeof playgroundConversationMessage>;

/** What a playground send became: waiting in the queue, accepted by Zalo, delivered, or failed. */
export const PLAYGROUND_OUTCOMES = ['queued', 'accepted', 'delivered', 'failed'] as const;
export type PlaygroundOutcome = (typeof PLAYGROUND_OUTCOMES)[number];

/** The outcome of a message status (RECEIVED and the error statuses are final). */
export function playgroundOutcome(status: (typeof MESSAGE_STATUSES)[number]): PlaygroundOutcome {
  if (status === 'RECEIVED') return 'delivered';
  if (status === 'PUSHED_ZALO') return 'accepted';
  if (status === 'ERROR' || status === 'ERROR_CALL_ZALO' || status === 'ERROR_PUSH_QUEUE') return 'failed';
  return 'queued';
}

const explained = z.object({ meaning: z.string(), action: z.string() });

/** GET uid/message-playground/{id}: the status of one playground send, its Zalo error decoded in vi and en. */
export const playgroundMessageStatus = z.object({
  id: z.uuid(),
  trackingId: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  outcome: z.enum(PLAYGROUND_OUTCOMES),
  /** True once the status will not change any more (delivered or failed). */
  final: z.boolean(),
  zaloMessageId: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The last Zalo answer that was not a success (also while a retry is pending). */
  error: z.object({ code: z.number().int().nullable(), vi: explained, en: explained }).nullable(),
});
export type PlaygroundMessageStatus = z.infer<typeof playgroundMessageStatus>;
