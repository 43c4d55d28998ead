import { Fragment, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import FileOutlined from '@ant-design/icons/FileOutlined';
import FileImageOutlined from '@ant-design/icons/FileImageOutlined';
import FileWordOutlined from '@ant-design/icons/FileWordOutlined';
import FileExcelOutlined from '@ant-design/icons/FileExcelOutlined';
import FileZipOutlined from '@ant-design/icons/FileZipOutlined';
import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import FilePptOutlined from '@ant-design/icons/FilePptOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import CodeOutlined from '@ant-design/icons/CodeOutlined';
import SoundOutlined from '@ant-design/icons/SoundOutlined';
import PhoneOutlined from '@ant-design/icons/PhoneOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import SmileOutlined from '@ant-design/icons/SmileOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import FormOutlined from '@ant-design/icons/FormOutlined';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import type { ChatMessage, ChatMessageKind, FileTypeGroup } from '@zc/shared/api/chat';
import { fileTypeGroup } from '@zc/shared/api/chat';

// Renders what a stored chat message is, per §3 message kind. The payload keeps Zalo's own field
// names (a follower's attachments[] {type, payload}, the OA message sent for OUT, `info` of a
// user_info answer, an imported history item's url/thumb/location), so the readers below look in
// each of those places and show what they find; nothing is assumed present.

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** The places a kind's details may sit, most specific first: the first attachment's payload, the payload, its `message`. */
export function payloadSources(m: Pick<ChatMessage, 'payload'>): Loose[] {
  const p = m.payload;
  if (!p) return [];
  const out: Loose[] = [];
  const attachments = Array.isArray(p.attachments) ? p.attachments : isObject(p.message) && Array.isArray(p.message.attachments) ? p.message.attachments : [];
  const first: unknown = attachments[0];
  if (isObject(first)) {
    if (isObject(first.payload)) out.push(first.payload);
    out.push(first);
  }
  out.push(p);
  if (isObject(p.message)) out.push(p.message);
  // A template echo (media: the image or sticker; request_user_info: title, subtitle, image_url).
  for (const s of [...out]) {
    const el: unknown = Array.isArray(s.elements) ? s.elements[0] : undefined;
    if (isObject(el) && !('type' in el && ['banner', 'header', 'text', 'table'].includes(String(el.type)))) out.push(el);
  }
  return out;
}

function pick(sources: Loose[], ...keys: string[]): unknown {
  for (const s of sources) for (const k of keys) if (s[k] !== undefined && s[k] !== null && s[k] !== '') return s[k];
  return undefined;
}
const pickStr = (sources: Loose[], ...keys: string[]) => str(pick(sources, ...keys));

/** Only http(s) addresses become links or media sources. */
export function safeUrl(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  // Our own copies (uploads, stickers) are same-origin paths; a scheme-relative `//host` is not.
  if (s.startsWith('/') && !s.startsWith('//') && !s.startsWith('/\\')) return s;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The raw type of a message the console does not know how to show (for the placeholder). */
export function rawType(m: Pick<ChatMessage, 'payload' | 'kind'>): string {
  return pickStr(payloadSources(m), 'type', 'event_name', 'kind') ?? m.kind;
}

export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const FILE_ICONS: Record<FileTypeGroup, typeof FileOutlined> = {
  image: FileImageOutlined,
  word: FileWordOutlined,
  excel: FileExcelOutlined,
  zip: FileZipOutlined,
  pdf: FilePdfOutlined,
  audio: SoundOutlined,
  video: VideoCameraOutlined,
  text: FileTextOutlined,
  powerpoint: FilePptOutlined,
  code: CodeOutlined,
};
const FILE_COLOURS: Partial<Record<FileTypeGroup, string>> = { word: '#1677ff', excel: '#389e0d', pdf: '#cf1322', powerpoint: '#d4380d', zip: '#874d00' };

/** The §3 type-group icon of a file name (a plain file icon outside the groups). */
export function FileGroupIcon({ name, size = 28 }: { name: string; size?: number }) {
  const group = fileTypeGroup(name);
  const Icon = group ? FILE_ICONS[group] : FileOutlined;
  return <Icon style={{ fontSize: size, color: (group && FILE_COLOURS[group]) ?? '#595959' }} data-testid={`file-icon-${group ?? 'other'}`} aria-hidden />;
}

/** The icon of a kind in the conversation list's preview (null: text needs none). */
export function KindIcon({ kind }: { kind: ChatMessageKind }) {
  const Icon: typeof FileOutlined | null =
    kind === 'image' || kind === 'gif'
      ? PictureOutlined
      : kind === 'file'
        ? FileOutlined
        : kind === 'sticker'
          ? SmileOutlined
          : kind === 'link'
            ? LinkOutlined
            : kind === 'location'
              ? EnvironmentOutlined
              : kind === 'audio'
                ? SoundOutlined
                : kind === 'video'
                  ? VideoCameraOutlined
                  : kind === 'business_card'
                    ? IdcardOutlined
                    : kind === 'request' || kind === 'user_info'
                      ? FormOutlined
                      : kind === 'transaction' || kind === 'template'
                        ? ProfileOutlined
                        : kind === 'promotion'
                          ? GiftOutlined
                          : kind === 'interaction'
                            ? PhoneOutlined
                            : kind === 'unknown'
                              ? QuestionCircleOutlined
                            : null;
  return Icon ? <Icon aria-hidden style={{ marginRight: 4 }} /> : null;
}

const URL_RE = /(https?:\/\/[^\s<>"']+)/g;

/** Text with its line breaks, web addresses as links (opened in a new tab). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_RE);
  return (
    <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, i) => {
        if (i % 2 === 1) {
          const trail = /[.,;:!?)\]]+$/.exec(part)?.[0] ?? '';
          const href = safeUrl(part.slice(0, part.length - trail.length));
          return href ? (
            <Fragment key={i}>
              <a href={href} target="_blank" rel="noopener noreferrer">
                {part.slice(0, part.length - trail.length)}
              </a>
              {trail}
            </Fragment>
          ) : (
            <Fragment key={i}>{part}</Fragment>
          );
        }
        return <Fragment key={i}>{part}</Fragment>;
      })}
    </span>
  );
}

// A picture takes 260 px (less on a narrow bubble) whatever its own size, its height from its proportions.
const mediaStyle: CSSProperties = { display: 'block', width: 260, maxWidth: '100%', height: 'auto', maxHeight: 320, borderRadius: 8, objectFit: 'contain', background: '#f5f5f5' };

/** An image from Zalo's CDN (its links expire): what it cannot load is replaced by `fallback`. */
function Img({ src, alt, style, fallback }: { src: string; alt: string; style: CSSProperties; fallback: ReactNode }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return <>{fallback}</>;
  return <img src={src} alt={alt} loading="lazy" style={style} onError={() => setFailed(src)} />;
}
const TABLE_COLOURS: Record<string, string> = { grey: '#8c8c8c', green: '#389e0d', blue: '#0958d9', yellow: '#ad8b00', red: '#cf1322' };

function Label({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div style={{ fontSize: 12, color: '#8c8c8c', marginBottom: 6, display: 'flex', gap: 4, alignItems: 'center' }}>
      {icon}
      {children}
    </div>
  );
}

function Caption({ text }: { text: string | null | undefined }) {
  return text ? (
    <div style={{ marginTop: 6 }}>
      <LinkifiedText text={text} />
    </div>
  ) : null;
}

/**
 * The elements of a transaction or promotion as one object: the composer's form ({bannerUrl, header,
 * text, description, table}) as it is, Zalo's list ([{type:'banner', image_url}, {type:'header',
 * content}, {type:'text', content}, {type:'table', content:[…]}]) folded into the same shape.
 */
export function richElements(raw: unknown): Loose {
  if (isObject(raw)) return raw;
  if (!Array.isArray(raw)) return {};
  const out: Loose = {};
  for (const el of raw) {
    if (!isObject(el)) continue;
    const type = str(el.type);
    if (type === 'banner') out.bannerUrl = el.image_url ?? el.url;
    else if (type === 'header' && out.header === undefined) out.header = el.content;
    else if (type === 'text') {
      if (out.text === undefined) out.text = el.content;
      else out.description = el.content;
    } else if (type === 'table') out.table = el.content;
    else if (!type) Object.assign(out, { header: el.header ?? el.title, text: el.text ?? el.subtitle, bannerUrl: el.bannerUrl ?? el.image_url });
  }
  return out;
}

/** Transaction and promotion messages as the playground previews them: banner, header, text, table, description, buttons. */
function RichTemplate({ sources }: { sources: Loose[] }) {
  const e = richElements(pick(sources, 'elements'));
  const tableRaw = e.table;
  const table = Array.isArray(tableRaw) ? tableRaw.filter(isObject) : [];
  const buttonsRaw = pick(sources, 'buttons');
  const buttons = Array.isArray(buttonsRaw) ? buttonsRaw.filter(isObject) : [];
  const banner = safeUrl(e.bannerUrl ?? e.image_url);
  const header = str(e.header);
  const text = str(e.text);
  return (
    <div data-testid="chat-rich">
      {banner ? <Img src={banner} alt="" style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 8, marginBottom: 8, display: 'block' }} fallback={null} /> : null}
      {header ? <div style={{ fontWeight: 700, fontSize: 15, marginBottom: 4 }}>{header}</div> : null}
      {text ? <div style={{ whiteSpace: 'pre-wrap', marginBottom: 6 }}>{text}</div> : null}
      {table.length ? (
        <table style={{ width: '100%', fontSize: 13, marginBottom: 6, borderCollapse: 'collapse' }}>
          <tbody>
            {table.map((row, i) => {
              const style = str(row.style);
              return (
                <tr key={i}>
                  <td style={{ color: '#8c8c8c', paddingRight: 8, verticalAlign: 'top' }}>{str(row.key)}</td>
                  <td style={{ textAlign: 'right', color: style ? TABLE_COLOURS[style] : undefined, fontWeight: style ? 600 : undefined, overflowWrap: 'anywhere' }}>{str(row.value)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {str(e.description) ? <div style={{ color: '#595959', fontSize: 13 }}>{str(e.description)}</div> : null}
      {buttons.length ? (
        <div style={{ display: 'grid', gap: 6, marginTop: 8 }}>
          {buttons.map((b, i) => {
            const href = isObject(b.payload) ? safeUrl(b.payload.url) : undefined;
            const style = { border: '1px solid #d9d9d9', borderRadius: 6, textAlign: 'center' as const, padding: '4px 8px', color: '#0068ff', background: '#fff', display: 'block' };
            return href ? (
              <a key={i} href={href} target="_blank" rel="noopener noreferrer" style={style}>
                {str(b.title) ?? href}
              </a>
            ) : (
              <div key={i} style={style}>
                {str(b.title) ?? '—'}
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

const INFO_KEYS = ['name', 'phone', 'user_dob', 'gender', 'address', 'ward', 'district', 'city'] as const;

/** The follower's answer to a request for information: one row per field they sent. */
function UserInfoTable({ sources }: { sources: Loose[] }) {
  const { t } = useTranslation('chat-inbox');
  const infoRaw = pick(sources, 'info');
  const info: Loose = isObject(infoRaw) ? infoRaw : (sources.find((s) => 'phone' in s || 'name' in s) ?? {});
  const rows: Array<[string, string]> = [];
  const full = isObject(info.full_address) ? info.full_address : null;
  const flat: Loose = {
    ...info,
    address: str(info.address) ?? (full ? str(full.user_address) : undefined),
    ward: full ? str(full.user_ward) : undefined,
    city: str(info.city) ?? (full ? str(full.user_city) : undefined),
  };
  for (const k of INFO_KEYS) {
    const v = str(flat[k]);
    if (v) rows.push([t(`userInfo.${k}`), v]);
  }
  for (const [k, v] of Object.entries(info)) {
    if ((INFO_KEYS as readonly string[]).includes(k) || k === 'full_address') continue;
    const s = str(v);
    if (s) rows.push([k, s]);
  }
  return (
    <div data-testid="chat-user-info">
      <Label icon={<FormOutlined />}>{t('kind.userInfo')}</Label>
      {rows.length ? (
        <table style={{ fontSize: 13, borderCollapse: 'collapse' }}>
          <tbody>
            {rows.map(([k, v]) => (
              <tr key={k}>
                <td style={{ color: '#8c8c8c', paddingRight: 12, verticalAlign: 'top', whiteSpace: 'nowrap' }}>{k}</td>
                <td style={{ overflowWrap: 'anywhere' }}>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div style={{ color: '#8c8c8c' }}>{t('kind.userInfoEmpty')}</div>
      )}
    </div>
  );
}

/** Latitude and longitude of a location message ({coordinates:{latitude,longitude}}, or a "lat,lng" text). */
export function coordinatesOf(sources: Loose[]): { lat: number; lng: number } | null {
  const c = pick(sources, 'coordinates', 'location');
  if (isObject(c)) {
    const lat = num(c.latitude ?? c.lat);
    const lng = num(c.longitude ?? c.lng ?? c.long);
    if (lat !== undefined && lng !== undefined) return { lat, lng };
  }
  const s = str(c);
  const match = s ? /(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)/.exec(s) : null;
  if (match) return { lat: Number(match[1]), lng: Number(match[2]) };
  const lat = num(pick(sources, 'latitude'));
  const lng = num(pick(sources, 'longitude'));
  return lat !== undefined && lng !== undefined ? { lat, lng } : null;
}

/** A business card: the contact's name, phone and avatar (Zalo sends it as a link whose description holds JSON). */
function BusinessCard({ sources, text }: { sources: Loose[]; text: string | null }) {
  const { t } = useTranslation('chat-inbox');
  let phone = pickStr(sources, 'phone', 'phone_number');
  const description = pickStr(sources, 'description');
  if (!phone && description) {
    try {
      const parsed: unknown = JSON.parse(description);
      if (isObject(parsed)) phone = str(parsed.phone);
    } catch {
      phone = undefined;
    }
  }
  const avatar = safeUrl(pick(sources, 'thumbnail', 'avatar', 'thumb'));
  const name = pickStr(sources, 'title', 'name', 'display_name') ?? text ?? undefined;
  const url = safeUrl(pick(sources, 'url'));
  return (
    <div data-testid="chat-business-card">
      <Label icon={<IdcardOutlined />}>{t('kind.businessCard')}</Label>
      <div style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
        {avatar ? <Img src={avatar} alt="" style={{ width: 40, height: 40, borderRadius: '50%', objectFit: 'cover', flex: 'none' }} fallback={<IdcardOutlined style={{ fontSize: 32, color: '#8c8c8c' }} />} /> : <IdcardOutlined style={{ fontSize: 32, color: '#8c8c8c' }} />}
        <div style={{ minWidth: 0 }}>
          <div style={{ fontWeight: 600 }}>{name ?? t('kind.businessCardUnnamed')}</div>
          {phone ? <div>{phone}</div> : null}
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" style={{ fontSize: 12 }}>
              {t('kind.openProfile')}
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The body of a message bubble for its kind. */
export function MessageContent({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chat-inbox');
  const m = message;
  const sources = payloadSources(m);
  // An imported history item keeps Zalo's `message` beside its attachment (a file's name, a caption).
  const text = m.text ?? (typeof m.payload?.message === 'string' && m.payload.message.trim() ? m.payload.message : null);
  switch (m.kind) {
    case 'text':
    case 'note':
      return text ? <LinkifiedText text={text} /> : <span style={{ color: '#8c8c8c' }}>{t('kind.empty')}</span>;
    case 'image':
    case 'gif': {
      const src = safeUrl(pick(sources, 'url', 'href', 'thumbnail', 'thumb'));
      const caption = text ?? pickStr(sources, 'caption');
      return (
        <div data-testid={`chat-${m.kind}`}>
          {src ? (
            <a href={src} target="_blank" rel="noopener noreferrer" aria-label={t(m.kind === 'gif' ? 'kind.gif' : 'kind.image')}>
              <Img src={src} alt={t(m.kind === 'gif' ? 'kind.gif' : 'kind.image')} style={mediaStyle} fallback={<Label icon={<PictureOutlined />}>{t('kind.imageUnavailable')}</Label>} />
            </a>
          ) : (
            <Label icon={<PictureOutlined />}>{t(m.kind === 'gif' ? 'kind.gif' : 'kind.image')}</Label>
          )}
          <Caption text={caption} />
        </div>
      );
    }
    case 'file': {
      const name = pickStr(sources, 'name', 'fileName', 'file_name', 'title') ?? text ?? t('kind.file');
      const size = num(pick(sources, 'size', 'fileSize'));
      const url = safeUrl(pick(sources, 'url', 'href'));
      const body = (
        <div style={{ display: 'flex', gap: 10, alignItems: 'center', minWidth: 0 }}>
          <FileGroupIcon name={name} />
          <div style={{ minWidth: 0 }}>
            <div style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{name}</div>
            {size !== undefined ? <div style={{ fontSize: 12, color: '#8c8c8c' }}>{formatBytes(size)}</div> : null}
          </div>
        </div>
      );
      return (
        <div data-testid="chat-file">
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" download={name} style={{ color: 'inherit' }} aria-label={t('kind.download', { name })}>
              {body}
            </a>
          ) : (
            body
          )}
        </div>
      );
    }
    case 'sticker': {
      const src = safeUrl(pick(sources, 'url', 'thumbnail'));
      return (
        <div data-testid="chat-sticker">
          {src ? <Img src={src} alt={t('kind.sticker')} style={{ width: 120, height: 120, objectFit: 'contain', display: 'block' }} fallback={<Label icon={<SmileOutlined />}>{t('kind.sticker')}</Label>} /> : <Label icon={<SmileOutlined />}>{t('kind.sticker')}</Label>}
        </div>
      );
    }
    case 'link': {
      const links = pick(sources, 'links');
      const first: Loose[] = Array.isArray(links) && isObject(links[0]) ? [links[0], ...sources] : sources;
      const url = safeUrl(pick(first, 'url', 'href'));
      const thumb = safeUrl(pick(first, 'thumbnail', 'thumb'));
      const title = pickStr(first, 'title') ?? (text && text !== url ? text : undefined);
      const description = pickStr(first, 'description');
      // A shared contact arrives as a link whose description is the card's JSON.
      if (description?.startsWith('{') && /"phone"/.test(description)) return <BusinessCard sources={first} text={text} />;
      return (
        <div data-testid="chat-link" style={{ border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden', background: '#fff', width: 280, maxWidth: '100%' }}>
          {thumb ? <Img src={thumb} alt="" style={{ width: '100%', maxHeight: 160, objectFit: 'cover', display: 'block' }} fallback={null} /> : null}
          <div style={{ padding: 8 }}>
            {title ? <div style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</div> : null}
            {description ? <div style={{ fontSize: 12, color: '#595959', overflowWrap: 'anywhere' }}>{description}</div> : null}
            {url ? (
              <a href={url} target="_blank" rel="noopener noreferrer" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                <LinkOutlined /> {url}
              </a>
            ) : text ? (
              <LinkifiedText text={text} />
            ) : null}
          </div>
        </div>
      );
    }
    case 'location': {
      const c = coordinatesOf(sources);
      return (
        <div data-testid="chat-location">
          <Label icon={<EnvironmentOutlined />}>{t('kind.location')}</Label>
          {c ? (
            <div>
              <div style={{ fontFamily: 'monospace' }}>{`${c.lat.toFixed(6)}, ${c.lng.toFixed(6)}`}</div>
              <a href={`https://www.google.com/maps?q=${c.lat},${c.lng}`} target="_blank" rel="noopener noreferrer">
                {t('kind.openMap')}
              </a>
            </div>
          ) : (
            <div style={{ color: '#8c8c8c' }}>{t('kind.noCoordinates')}</div>
          )}
          <Caption text={text} />
        </div>
      );
    }
    case 'audio': {
      const src = safeUrl(pick(sources, 'url', 'href'));
      return (
        <div data-testid="chat-audio">
          <Label icon={<SoundOutlined />}>{t('kind.audio')}</Label>
          {src ? (
            <audio controls preload="none" src={src} style={{ width: 240, maxWidth: '100%' }}>
              <a href={src}>{t('kind.download', { name: t('kind.audio') })}</a>
            </audio>
          ) : null}
        </div>
      );
    }
    case 'video': {
      const src = safeUrl(pick(sources, 'url', 'href'));
      const poster = safeUrl(pick(sources, 'thumbnail', 'thumb'));
      return (
        <div data-testid="chat-video">
          {src ? (
            <video controls preload="none" src={src} poster={poster} style={mediaStyle}>
              <a href={src}>{t('kind.download', { name: t('kind.video') })}</a>
            </video>
          ) : (
            <Label icon={<VideoCameraOutlined />}>{t('kind.video')}</Label>
          )}
          <Caption text={text} />
        </div>
      );
    }
    case 'business_card':
      return <BusinessCard sources={sources} text={text} />;
    case 'request': {
      const image = safeUrl(pick(sources, 'imageUrl', 'image_url'));
      const title = pickStr(sources, 'title') ?? text;
      const subtitle = pickStr(sources, 'subtitle');
      return (
        <div data-testid="chat-request">
          <Label icon={<FormOutlined />}>{t('kind.request')}</Label>
          {image ? <Img src={image} alt="" style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 8, display: 'block' }} fallback={null} /> : null}
          {title ? <div style={{ fontWeight: 600, marginTop: 6 }}>{title}</div> : null}
          {subtitle ? <div style={{ color: '#595959' }}>{subtitle}</div> : null}
        </div>
      );
    }
    case 'user_info':
      return <UserInfoTable sources={sources} />;
    case 'interaction':
      // The follower clicked "Chat now" or called the OA (no text: a line saying which).
      return (
        <div data-testid="chat-interaction" style={{ color: '#595959', fontStyle: 'italic' }}>
          <PhoneOutlined /> {pickStr(sources, 'event') === 'user_call_oa' ? t('kind.callOa') : t('kind.chatNow')}
        </div>
      );
    case 'transaction':
    case 'promotion': {
      return (
        <div data-testid={`chat-${m.kind}`}>
          <Label icon={m.kind === 'promotion' ? <GiftOutlined /> : <ProfileOutlined />}>
            {t(m.kind === 'promotion' ? 'kind.promotion' : 'kind.transaction')}
          </Label>
          <RichTemplate sources={sources} />
          {!pick(sources, 'elements') && text ? <LinkifiedText text={text} /> : null}
        </div>
      );
    }
    case 'template': {
      const dataRaw = pick(sources, 'templateData', 'template_data');
      const rows = isObject(dataRaw) ? Object.entries(dataRaw).filter(([, v]) => str(v) !== undefined) : [];
      const templateId = pickStr(sources, 'templateId', 'template_id');
      return (
        <div data-testid="chat-template">
          <Label icon={<ProfileOutlined />}>{templateId ? t('kind.templateId', { id: templateId }) : t('kind.template')}</Label>
          {text ? <LinkifiedText text={text} /> : null}
          {rows.length ? (
            <table style={{ fontSize: 13, borderCollapse: 'collapse', marginTop: 4 }}>
              <tbody>
                {rows.map(([k, v]) => (
                  <tr key={k}>
                    <td style={{ color: '#8c8c8c', paddingRight: 12, verticalAlign: 'top' }}>{k}</td>
                    <td style={{ overflowWrap: 'anywhere' }}>{str(v)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      );
    }
    default:
      return (
        <div data-testid="chat-unknown" style={{ color: '#8c8c8c', fontStyle: 'italic' }}>
          <QuestionCircleOutlined /> {t('kind.unknown', { type: rawType(m) })}
          {text ? (
            <div style={{ fontStyle: 'normal', color: 'inherit', marginTop: 4 }}>
              <LinkifiedText text={text} />
            </div>
          ) : null}
        </div>
      );
  }
}
