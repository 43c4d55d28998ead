import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Image from 'antd/es/image';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ContentKind } from '@zc/shared/api/approvals';
import type { TaskPreview } from '../api/types';

/** A template body with its `<param>` (or `{{param}}`) placeholders drawn as tags, as Zalo shows them. */
export function TemplateBody({ body }: { body: string }) {
  const parts: ReactNode[] = [];
  const pattern = /<([a-z_][a-z0-9_]*)>|\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    const at = match.index;
    if (at > last) parts.push(body.slice(last, at));
    parts.push(
      <Tag key={`${at}`} color="blue" style={{ marginInline: 2 }}>
        {match[1] ?? match[2]}
      </Tag>,
    );
    last = at + match[0].length;
  }
  if (last < body.length) parts.push(body.slice(last));
  return <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{parts}</div>;
}

type PreviewField = TaskPreview['fields'][number];

/** A preview row's label in the user's language: the server names it by `labelKey`; `label` is the fallback (and a parameter's name). */
function useFieldLabel(): (f: PreviewField) => string {
  const { t } = useTranslation('tasks');
  return (f) => (f.labelKey ? t(`previewField.${f.labelKey}`, { name: f.label, defaultValue: f.label }) : f.label);
}

/** ZNS template request: the message as a recipient would see it (title, body with parameters, rows). */
function TemplatePreview({ preview }: { preview: TaskPreview }) {
  const label = useFieldLabel();
  return (
    <div style={{ background: '#f0f2f5', borderRadius: 12, padding: 16 }} data-testid="task-preview-template">
      <div style={{ background: '#fff', borderRadius: 12, padding: 16, maxWidth: 360, margin: '0 auto', boxShadow: '0 1px 2px rgba(0,0,0,0.08)' }}>
        {preview.imageUrl ? <Image src={preview.imageUrl} alt="" preview={false} style={{ borderRadius: 8, marginBottom: 8 }} /> : null}
        <Typography.Title level={5} style={{ marginTop: 0, overflowWrap: 'anywhere' }}>
          {preview.title}
        </Typography.Title>
        {preview.body ? <TemplateBody body={preview.body} /> : null}
        {preview.fields.length > 0 ? (
          <table style={{ width: '100%', marginTop: 12, fontSize: 13 }}>
            <tbody>
              {preview.fields.map((f, i) => (
                <tr key={`${i}-${f.label}`}>
                  <td style={{ color: '#8c8c8c', paddingRight: 8, verticalAlign: 'top' }}>{label(f)}</td>
                  <td style={{ overflowWrap: 'anywhere' }}>{f.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </div>
  );
}

/** Kinds without a renderer of their own: title, text, image and the kind's label/value rows. */
function GenericPreview({ preview }: { preview: TaskPreview }) {
  const label = useFieldLabel();
  return (
    <div data-testid="task-preview-generic">
      {preview.imageUrl ? <Image src={preview.imageUrl} alt="" style={{ maxWidth: '100%', borderRadius: 8, marginBottom: 8 }} /> : null}
      <Typography.Title level={5} style={{ marginTop: 0, overflowWrap: 'anywhere' }}>
        {preview.title}
      </Typography.Title>
      {preview.body ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{preview.body}</Typography.Paragraph> : null}
      {preview.fields.length > 0 ? (
        <Descriptions size="small" column={1} bordered items={preview.fields.map((f, i) => ({ key: `${i}-${f.label}`, label: label(f), children: f.value }))} />
      ) : null}
      {preview.previewUrl ? (
        <Typography.Link href={preview.previewUrl} target="_blank" rel="noreferrer">
          {preview.previewUrl}
        </Typography.Link>
      ) : null}
    </div>
  );
}

/** §2.14 the task's content preview (left of the detail): a renderer per kind, a generic one otherwise. */
export function TaskPreviewCard({ kind, preview }: { kind: ContentKind; preview: TaskPreview | null }) {
  const { t } = useTranslation('tasks');
  return (
    <Card title={t('detail.preview')} size="small" data-testid="task-preview">
      {!preview ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noPreview')} />
      ) : kind === 'ZNS_TEMPLATE' ? (
        <TemplatePreview preview={preview} />
      ) : (
        <GenericPreview preview={preview} />
      )}
    </Card>
  );
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** One field of the snapshot: text as it is, a list of flat records one per line, anything deeper as JSON. */
function SnapshotValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (isScalar(value)) return <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{String(value)}</span>;
  if (Array.isArray(value) && value.every((v) => isScalar(v) || (typeof v === 'object' && v !== null && Object.values(v).every(isScalar)))) {
    return (
      <ul style={{ margin: 0, paddingInlineStart: 18, overflowWrap: 'anywhere' }}>
        {value.map((v, i) => (
          <li key={i}>{isScalar(v) ? String(v) : Object.values(v as Record<string, string | number | boolean>).join(' · ')}</li>
        ))}
      </ul>
    );
  }
  return <pre style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}>{JSON.stringify(value, null, 2)}</pre>;
}

/** §2.14 the caller-supplied content (right of the detail): the frozen snapshot, one row per field. */
export function SubmittedContentCard({ snapshot }: { snapshot: unknown }) {
  const { t } = useTranslation('tasks');
  const entries = typeof snapshot === 'object' && snapshot !== null && !Array.isArray(snapshot) ? Object.entries(snapshot) : [];
  return (
    <Card title={t('detail.submitted')} size="small" data-testid="task-submitted">
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noSnapshot')} />
      ) : (
        <Descriptions
          size="small"
          column={1}
          items={entries.map(([key, value]) => ({
            key,
            // Known fields read in the user's language; a kind's other fields show under their own name.
            label: t(`snapshot.${key}`, { defaultValue: key }),
            children: <SnapshotValue value={value} />,
          }))}
        />
      )}
    </Card>
  );
}
