import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Typography from 'antd/es/typography';
import FileOutlined from '@ant-design/icons/FileOutlined';
import SmileOutlined from '@ant-design/icons/SmileOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';

/** Loose view of an OA message (§3 template types) — history rows carry whatever was sent. */
export interface PreviewMessage {
  kind?: string;
  text?: string;
  url?: string;
  caption?: string;
  attachmentId?: string;
  token?: string;
  fileName?: string;
  quoteMessageId?: string;
  title?: string;
  subtitle?: string;
  imageUrl?: string;
  templateType?: string;
  elements?: {
    bannerUrl?: string;
    header?: string;
    text?: string;
    description?: string;
    table?: Array<{ key?: string; value?: string; style?: string }>;
  };
  buttons?: Array<{ type?: string; title?: string }>;
}

const TABLE_COLOURS: Record<string, string> = { grey: '#8c8c8c', green: '#389e0d', blue: '#0958d9', yellow: '#d4b106', red: '#cf1322' };

function asMessage(value: unknown): PreviewMessage | null {
  return typeof value === 'object' && value !== null ? (value as PreviewMessage) : null;
}

function Bubble({ children }: { children: ReactNode }) {
  return (
    <div style={{ background: '#fff', borderRadius: 12, padding: 12, boxShadow: '0 1px 2px rgba(0,0,0,0.08)', maxWidth: 320, wordBreak: 'break-word' }}>{children}</div>
  );
}

/** A chat-bubble preview of an OA message: text, image, file, sticker, quote, request, transaction, promotion. */
export function MessagePreview({ message, testId = 'message-preview' }: { message: unknown; testId?: string }) {
  const { t } = useTranslation('components');
  const m = asMessage(message);
  if (!m) return <Typography.Text type="secondary">{t('preview.empty')}</Typography.Text>;
  let body: ReactNode;
  switch (m.kind) {
    case 'text':
      body = <div style={{ whiteSpace: 'pre-wrap' }}>{m.text}</div>;
      break;
    case 'image':
      body = (
        <div>
          {m.url ? (
            <img src={m.url} alt="" style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 8 }} />
          ) : (
            <div style={{ aspectRatio: '16 / 9', display: 'grid', placeItems: 'center', background: '#f0f0f0', borderRadius: 8 }}>
              <PictureOutlined style={{ fontSize: 32, color: '#999' }} />
            </div>
          )}
          {m.caption ? <div style={{ marginTop: 8 }}>{m.caption}</div> : null}
        </div>
      );
      break;
    case 'file':
      body = (
        <span>
          <FileOutlined /> {m.fileName ?? t('preview.file')}
        </span>
      );
      break;
    case 'sticker':
      body = (
        <span>
          <SmileOutlined style={{ fontSize: 28 }} /> {m.attachmentId}
        </span>
      );
      break;
    case 'quote':
      body = (
        <div>
          <div style={{ borderLeft: '3px solid #0d9488', paddingLeft: 8, color: '#888', marginBottom: 6 }}>{t('preview.quoting', { id: m.quoteMessageId ?? '' })}</div>
          <div style={{ whiteSpace: 'pre-wrap' }}>{m.text}</div>
        </div>
      );
      break;
    case 'request':
      body = (
        <div>
          {m.imageUrl ? <img src={m.imageUrl} alt="" style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 8 }} /> : null}
          <div style={{ fontWeight: 600, marginTop: 8 }}>{m.title}</div>
          <div style={{ color: '#666' }}>{m.subtitle}</div>
        </div>
      );
      break;
    case 'transaction':
    case 'promotion': {
      const e = m.elements ?? {};
      body = (
        <div>
          {e.bannerUrl ? <img src={e.bannerUrl} alt="" style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 8, marginBottom: 8 }} /> : null}
          {e.header ? <div style={{ fontWeight: 700, fontSize: 15, marginBottom: 4 }}>{e.header}</div> : null}
          {e.text ? <div style={{ whiteSpace: 'pre-wrap', marginBottom: 6 }}>{e.text}</div> : null}
          {e.table?.length ? (
            <table style={{ width: '100%', fontSize: 13, marginBottom: 6 }}>
              <tbody>
                {e.table.map((row, i) => (
                  <tr key={i}>
                    <td style={{ color: '#888', paddingRight: 8, verticalAlign: 'top' }}>{row.key}</td>
                    <td style={{ textAlign: 'right', color: row.style ? TABLE_COLOURS[row.style] : undefined, fontWeight: row.style ? 600 : undefined }}>{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {e.description ? <div style={{ color: '#666', fontSize: 13 }}>{e.description}</div> : null}
          {m.buttons?.length ? (
            <div style={{ display: 'grid', gap: 6, marginTop: 8 }}>
              {m.buttons.map((b, i) => (
                <div key={i} style={{ border: '1px solid #d9d9d9', borderRadius: 6, textAlign: 'center', padding: '4px 8px', color: '#0068ff' }}>
                  {b.title || '—'}
                </div>
              ))}
            </div>
          ) : null}
        </div>
      );
      break;
    }
    default:
      body = <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>{JSON.stringify(message, null, 2)}</pre>;
  }
  return (
    <div data-testid={testId} style={{ background: '#e8f3ff', padding: 12, borderRadius: 12 }}>
      <Bubble>{body}</Bubble>
    </div>
  );
}
