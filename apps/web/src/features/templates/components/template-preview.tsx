import { useTranslation } from 'react-i18next';
import type { LayoutComponent, TemplateLayout, TemplateParamInput } from '@zc/shared/api/templates';

/** A text with each `<param>` replaced by its sample (an empty sample keeps the placeholder visible). */
export function fillSamples(text: string, params: readonly TemplateParamInput[]): string {
  return text.replace(/<([a-z_][a-z0-9_]{0,29})>/g, (all, name: string) => params.find((p) => p.name === name)?.sample || all);
}

const frame: React.CSSProperties = {
  width: '100%',
  maxWidth: 340,
  margin: '0 auto',
  border: '10px solid #1f1f1f',
  borderRadius: 32,
  background: '#eef1f5',
  padding: '24px 10px',
  minHeight: 420,
  boxSizing: 'border-box',
};
const card: React.CSSProperties = { background: '#fff', borderRadius: 12, padding: 14, boxShadow: '0 1px 2px rgba(0,0,0,.08)', overflowWrap: 'anywhere' };

function Component({ c, params, media }: { c: LayoutComponent; params: readonly TemplateParamInput[]; media: Readonly<Record<string, string>> }) {
  const { t } = useTranslation('templates');
  switch (c.type) {
    case 'LOGO':
      return media[c.light] ? <img src={media[c.light]} alt={t('authoring.components.LOGO')} style={{ maxHeight: 40, maxWidth: '60%', marginBottom: 10 }} /> : <div style={{ height: 40, width: 120, background: '#f0f0f0', borderRadius: 6, marginBottom: 10 }} aria-hidden />;
    case 'IMAGE':
      return (
        <div style={{ display: 'flex', gap: 4, marginBottom: 10 }}>
          {c.items.map((m) =>
            media[m] ? <img key={m} src={media[m]} alt={t('authoring.components.IMAGE')} style={{ width: `${100 / Math.max(1, c.items.length)}%`, borderRadius: 6, objectFit: 'cover', aspectRatio: '16 / 9' }} /> : null,
          )}
        </div>
      );
    case 'TITLE':
      return <div style={{ fontWeight: 600, fontSize: 16, marginBottom: 8 }}>{fillSamples(c.value, params)}</div>;
    case 'PARAGRAPH':
      return <div style={{ whiteSpace: 'pre-wrap', marginBottom: 8, color: '#333' }}>{fillSamples(c.value, params)}</div>;
    case 'TABLE':
      return (
        <table style={{ width: '100%', borderCollapse: 'collapse', marginBottom: 8, fontSize: 13 }}>
          <tbody>
            {c.rows.map((r, i) => (
              <tr key={i}>
                <td style={{ color: '#888', padding: '2px 8px 2px 0', verticalAlign: 'top', width: '40%' }}>{r.title}</td>
                <td style={{ padding: '2px 0' }}>{fillSamples(r.value, params)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'BUTTONS':
      return (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 6 }}>
          {c.items.map((b, i) => (
            <div key={i} style={{ textAlign: 'center', padding: '7px 10px', borderRadius: 8, background: i === 0 ? '#0068ff' : '#e8f0fe', color: i === 0 ? '#fff' : '#0068ff', fontWeight: 500 }}>
              {b.title || t('authoring.buttonPlaceholder')}
            </div>
          ))}
        </div>
      );
  }
}

/** The live preview beside the form: the layout in a phone-like frame, samples in place of the params. */
export function TemplatePreview({ layout, params, media }: { layout: TemplateLayout; params: readonly TemplateParamInput[]; media: Readonly<Record<string, string>> }) {
  const { t } = useTranslation('templates');
  const sections = [layout.header, layout.body, layout.footer];
  return (
    <div style={frame} data-testid="template-preview" aria-label={t('authoring.preview')} role="region">
      <div style={card}>
        {sections.every((s) => s.components.every((c) => (c.type === 'TITLE' || c.type === 'PARAGRAPH' ? c.value.trim() === '' : false))) ? <div style={{ color: '#999' }}>{t('authoring.previewEmpty')}</div> : null}
        {sections.map((s, si) => s.components.map((c, i) => <Component key={`${si}-${i}`} c={c} params={params} media={media} />))}
      </div>
    </div>
  );
}
