/**
 * The playground form ↔ OA message (the public send API's `oaMessage` shape), with the §5
 * Playground limits. Pure, so the rules can be unit-tested.
 */
import { OA_BUTTON_TYPES, OA_LIMITS, OA_MESSAGE_KINDS, TABLE_COLOURS, TRANSACTION_SUBTYPES } from '@zc/shared/api/messaging';
import { fillMessagePlaceholders, PLAYGROUND_UPLOAD, type FilledMessage, type PlaceholderValues } from '@zc/shared/api/playground';

export const PLAYGROUND_LIMITS = {
  ...OA_LIMITS,
  /** Row removal shows only when there are more than this many rows. */
  tableRowsKept: 2,
  transactionKey: OA_LIMITS.tableValue,
  promotionKey: OA_LIMITS.tableKey,
  phone: OA_LIMITS.buttonPhone,
  imageMaxBytes: PLAYGROUND_UPLOAD.IMAGE.maxBytes,
  fileMaxBytes: PLAYGROUND_UPLOAD.FILE.maxBytes,
} as const;

export const MESSAGE_KINDS = OA_MESSAGE_KINDS;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export { TABLE_COLOURS, TRANSACTION_SUBTYPES };
export const ROW_TYPES = ['code', 'customerName', 'status', 'other'] as const;
export const BUTTON_TYPES = OA_BUTTON_TYPES;
export type ButtonType = (typeof BUTTON_TYPES)[number];
export const IMAGE_TYPES = ['image/jpeg', 'image/png'];
export const FILE_EXTENSIONS = ['.pdf', '.doc', '.docx', '.csv'];

export interface TableRowValues {
  rowType?: (typeof ROW_TYPES)[number];
  key?: string;
  value?: string;
  style?: (typeof TABLE_COLOURS)[number];
}
export interface ButtonValues {
  type?: ButtonType;
  title?: string;
  url?: string;
  payload?: string;
  phone?: string;
  content?: string;
}
export interface PlaygroundValues {
  text?: string;
  caption?: string;
  imageUrl?: string;
  attachmentId?: string;
  token?: string;
  fileName?: string;
  quoteMessageId?: string;
  title?: string;
  subtitle?: string;
  templateType?: (typeof TRANSACTION_SUBTYPES)[number];
  language?: 'VI' | 'EN';
  bannerUrl?: string;
  header?: string;
  body?: string;
  description?: string;
  table?: TableRowValues[];
  buttons?: ButtonValues[];
}

/** The kind a playground template stands for (its templateType), when known. */
export function toKind(templateType: string | undefined): MessageKind | null {
  return (MESSAGE_KINDS as readonly string[]).includes(templateType ?? '') ? (templateType as MessageKind) : null;
}

/** §4: a sticker template forces custom content mode. */
export function forcesCustom(kind: MessageKind | null): boolean {
  return kind === 'sticker';
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
function obj(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

/** Strips a leading 84 (the prefix is shown beside the phone input). */
export function localPhone(phone: string | undefined): string | undefined {
  return phone?.replace(/^84/, '');
}

function buttonsFrom(list: unknown): ButtonValues[] {
  if (!Array.isArray(list)) return [];
  return list.map((raw) => {
    const b = obj(raw);
    const payload = b.payload;
    const p = obj(payload);
    const type = str(b.type) as ButtonType | undefined;
    return { type, title: str(b.title), url: str(p.url), payload: typeof payload === 'string' ? payload : undefined, phone: localPhone(str(p.phone_code)), content: str(p.content) };
  });
}

/**
 * Form values of a sample message. Accepts the `oaMessage` shape and Zalo's native
 * `elements: [{ type, content }]` list (which the server's samples use for transaction/promotion).
 */
export function fromSample(example: unknown): PlaygroundValues {
  const m = obj(example);
  const v: PlaygroundValues = {
    text: str(m.text),
    caption: str(m.caption),
    imageUrl: str(m.url),
    attachmentId: str(m.attachmentId),
    token: str(m.token) || undefined,
    quoteMessageId: str(m.quoteMessageId),
    title: str(m.title),
    subtitle: str(m.subtitle),
    language: str(m.language) === 'EN' ? 'EN' : 'VI',
    buttons: buttonsFrom(m.buttons),
    table: [],
  };
  if (m.kind === 'request') v.imageUrl = str(m.imageUrl);
  const sub = str(m.templateType)?.replace(/^transaction_/, '');
  if (sub && (TRANSACTION_SUBTYPES as readonly string[]).includes(sub)) v.templateType = sub as PlaygroundValues['templateType'];
  const elements = m.elements;
  if (Array.isArray(elements)) {
    for (const raw of elements) {
      const e = obj(raw);
      if (e.type === 'banner') v.bannerUrl = str(e.image_url) ?? str(e.content);
      if (e.type === 'header') v.header = str(e.content);
      if (e.type === 'text') v.body = v.body === undefined ? str(e.content) : v.body;
      if (e.type === 'table' && Array.isArray(e.content)) v.table = e.content.map((r) => ({ key: str(obj(r).key), value: str(obj(r).value), style: str(obj(r).style) as TableRowValues['style'], rowType: 'other' as const }));
    }
  } else if (elements) {
    const e = obj(elements);
    v.bannerUrl = str(e.bannerUrl);
    v.header = str(e.header);
    v.body = str(e.text);
    v.description = str(e.description);
    v.table = Array.isArray(e.table) ? e.table.map((r) => ({ key: str(obj(r).key), value: str(obj(r).value), style: str(obj(r).style) as TableRowValues['style'], rowType: 'other' as const })) : [];
  }
  return v;
}

function trimmed(s: string | undefined): string | undefined {
  const t = s?.trim();
  return t ? t : undefined;
}

function buttonOut(b: ButtonValues): Record<string, unknown> {
  const title = (b.title ?? '').trim();
  switch (b.type) {
    case 'oa.open.url':
      return { type: b.type, title, payload: { url: (b.url ?? '').trim() } };
    case 'oa.open.phone':
      return { type: b.type, title, payload: { phone_code: `84${(b.phone ?? '').replace(/^84/, '')}` } };
    case 'oa.open.sms':
      return { type: b.type, title, payload: { phone_code: `84${(b.phone ?? '').replace(/^84/, '')}`, content: b.content ?? '' } };
    default:
      return { type: b.type, title, payload: b.payload ?? '' };
  }
}

/** The `messageData` of a send (the public API's oaMessage shape). */
export function toMessage(kind: MessageKind, v: PlaygroundValues): Record<string, unknown> {
  switch (kind) {
    case 'text':
      return { kind, text: v.text ?? '' };
    case 'image':
      return { kind, ...(v.attachmentId ? { attachmentId: v.attachmentId } : { url: v.imageUrl }), ...(trimmed(v.caption) ? { caption: trimmed(v.caption) } : {}) };
    case 'file':
      return { kind, token: v.token ?? '' };
    case 'sticker':
      return { kind, attachmentId: (v.attachmentId ?? '').trim() };
    case 'quote':
      return { kind, text: v.text ?? '', quoteMessageId: (v.quoteMessageId ?? '').trim() };
    case 'request':
      return { kind, title: v.title ?? '', subtitle: v.subtitle ?? '', imageUrl: (v.imageUrl ?? '').trim() };
    case 'transaction':
    case 'promotion': {
      const elements = {
        ...(trimmed(v.bannerUrl) ? { bannerUrl: trimmed(v.bannerUrl) } : {}),
        header: v.header ?? '',
        text: v.body ?? '',
        ...(trimmed(v.description) ? { description: trimmed(v.description) } : {}),
        table: (v.table ?? []).map((r) => ({ key: (r.key ?? '').trim(), value: (r.value ?? '').trim(), ...(r.style ? { style: r.style } : {}) })),
      };
      const buttons = (v.buttons ?? []).map(buttonOut);
      return kind === 'transaction' ? { kind, templateType: v.templateType ?? 'transaction', language: v.language ?? 'VI', elements, buttons } : { kind, elements, buttons };
    }
  }
}

/** What the preview shows: the message plus local-only details (uploaded image URL, file name). */
export function toPreview(kind: MessageKind, v: PlaygroundValues, localImageUrl?: string): Record<string, unknown> {
  const m = toMessage(kind, v);
  if (kind === 'image') return { ...m, url: localImageUrl ?? v.imageUrl };
  if (kind === 'file') return { ...m, fileName: v.fileName };
  return m;
}

/**
 * The preview as the follower will read it: placeholders filled with the server's own renderer
 * (the send fills them again from the synced follower, so both agree), with what stays unfilled.
 */
export function toFilledPreview(kind: MessageKind, v: PlaygroundValues, values: PlaceholderValues, localImageUrl?: string): FilledMessage<Record<string, unknown>> {
  return fillMessagePlaceholders(toPreview(kind, v, localImageUrl), values);
}

/** §5 image rule: jpg/png, ≤ 1 MB (the 16:9 check needs the decoded size, see isSixteenByNine). */
export function imageProblem(file: { type: string; size: number; name: string }): 'imageType' | 'imageSize' | null {
  if (!IMAGE_TYPES.includes(file.type) && !/\.(jpe?g|png)$/i.test(file.name)) return 'imageType';
  if (file.size > PLAYGROUND_LIMITS.imageMaxBytes) return 'imageSize';
  return null;
}

/** §5: 16:9 images (a 2 % tolerance for rounding, e.g. 1366×768). */
export function isSixteenByNine(width: number, height: number): boolean {
  if (width <= 0 || height <= 0) return false;
  return Math.abs(width / height - 16 / 9) / (16 / 9) <= 0.02;
}

/** §5 file rule: pdf, doc, docx, csv; single file; within the upload limit. */
export function fileProblem(file: { size: number; name: string }): 'fileType' | 'fileSize' | null {
  if (!FILE_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext))) return 'fileType';
  if (file.size > PLAYGROUND_LIMITS.fileMaxBytes) return 'fileSize';
  return null;
}
