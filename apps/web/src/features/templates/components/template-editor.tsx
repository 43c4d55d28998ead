import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Drawer from 'antd/es/drawer';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import Grid from 'antd/es/grid';
import Dropdown from 'antd/es/dropdown';
import Typography from 'antd/es/typography';
import App from 'antd/es/app';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import {
  detectParams,
  LAYOUT_SECTIONS,
  SECTION_COMPONENTS,
  templateLayoutIssues,
  ZNS_LAYOUT_LIMITS,
  ZNS_PARAM_TYPES,
  ZNS_TEMPLATE_KINDS,
  type LayoutComponent,
  type LayoutIssue,
  type LayoutSection,
  type TemplateLayout,
  type TemplateParamInput,
  type TemplateRequest,
} from '@zc/shared/api/templates';
import type { ZaloOa } from '@zc/shared/api/zalo-oa';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { copyTemplateImage, useSaveDraft, useSubmitTemplate } from '../api/template-authoring';
import { LayoutComponentEditor } from './layout-component-editor';
import { TemplatePreview } from './template-preview';

const TAGS = ['TRANSACTION', 'CUSTOMER_CARE', 'PROMOTION'] as const;
type Tag = (typeof TAGS)[number];

export interface EditorValues {
  zaloOAId: string;
  name: string;
  templateType: number;
  tag: Tag;
  note: string;
  layout: TemplateLayout;
  params: TemplateParamInput[];
  media: Record<string, string>;
}

const emptyLayout = (): TemplateLayout => ({ header: { components: [] }, body: { components: [{ type: 'TITLE', value: '' }, { type: 'PARAGRAPH', value: '' }] }, footer: { components: [] } });

function blank(type: LayoutComponent['type']): LayoutComponent {
  switch (type) {
    case 'TITLE':
    case 'PARAGRAPH':
      return { type, value: '' };
    case 'TABLE':
      return { type, rows: [{ title: '', value: '' }, { title: '', value: '' }] };
    case 'BUTTONS':
      return { type, items: [{ type: 1, title: '', content: '' }] };
    case 'LOGO':
      return { type, light: '', dark: '' };
    case 'IMAGE':
      return { type, items: [] };
  }
}

/** The params the layout uses, keeping the type and sample already chosen for each (a new one: label, empty sample). */
export function syncParams(layout: TemplateLayout, params: readonly TemplateParamInput[]): TemplateParamInput[] {
  return detectParams(layout).map((name) => params.find((p) => p.name === name) ?? { name, type: 5, sample: '' });
}

/** A stored console template → the editor's values (older requests without a layout start from their content). */
export function valuesOf(r: TemplateRequest | null, oas: readonly ZaloOa[]): EditorValues {
  const p = (r?.payload ?? {}) as Partial<{ templateType: number; tag: Tag; layout: TemplateLayout; params: TemplateParamInput[]; note: string; media: Record<string, string> }>;
  const layout = p.layout ? { header: p.layout.header ?? { components: [] }, body: p.layout.body ?? { components: [] }, footer: p.layout.footer ?? { components: [] } } : emptyLayout();
  return {
    zaloOAId: r?.zaloOAId ?? (oas.length === 1 ? (oas[0]?.id ?? '') : ''),
    name: r?.name ?? '',
    templateType: p.templateType ?? 1,
    tag: p.tag ?? 'TRANSACTION',
    note: p.note ?? '',
    layout,
    params: syncParams(layout, p.params ?? []),
    media: p.media ?? {},
  };
}

function issueLabel(t: (k: string, o?: Record<string, unknown>) => string, path: string): string {
  const m = /^layout\.(header|body|footer)\.components(?:\.(\d+))?/.exec(path);
  if (m) return m[2] === undefined ? t(`authoring.sections.${m[1]}`) : `${t(`authoring.sections.${m[1]}`)} · ${Number(m[2]) + 1}`;
  const p = /^params\.(\d+)/.exec(path);
  if (p) return t('authoring.paramN', { n: Number(p[1]) + 1 });
  return t(`authoring.fields.${path === 'name' ? 'name' : 'other'}`);
}

/**
 * Authoring a ZNS template (§2.1 template-management): kind, tag, layout (header / body / footer
 * components, added, removed and reordered with buttons), params detected from `<param>` placeholders
 * with types and samples, images sent to Zalo, a live preview beside the form (below it on a phone),
 * Zalo's rules checked as the server checks them; save as a draft or submit for review. Mounted
 * per opening (the page keys it), so its state starts from `request` each time.
 */
export function TemplateEditor({ open, request, oas, onClose }: { open: boolean; request: TemplateRequest | null; oas: readonly ZaloOa[]; onClose: () => void }) {
  const { t } = useTranslation('templates');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const screens = Grid.useBreakpoint();
  const [v, setV] = useState<EditorValues>(() => valuesOf(request, oas));
  const [draftId, setDraftId] = useState<string | null>(request?.status === 'DRAFT' ? request.id : null);
  const [serverIssues, setServerIssues] = useState<LayoutIssue[] | null>(null);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const saveDraft = useSaveDraft();
  const submit = useSubmitTemplate();

  const issues = useMemo(() => templateLayoutIssues({ name: v.name, layout: v.layout, params: v.params }), [v.name, v.layout, v.params]);
  const shown = serverIssues ?? (tried ? issues : []);

  const setLayout = (layout: TemplateLayout) => setV((s) => ({ ...s, layout, params: syncParams(layout, s.params) }));
  const setComponents = (sec: LayoutSection, components: LayoutComponent[]) => setLayout({ ...v.layout, [sec]: { components } });
  const move = (sec: LayoutSection, i: number, d: -1 | 1) => {
    const list = [...v.layout[sec].components];
    const j = i + d;
    if (j < 0 || j >= list.length) return;
    [list[i], list[j]] = [list[j] as LayoutComponent, list[i] as LayoutComponent];
    setComponents(sec, list);
  };

  /**
   * Another OA: the images already in the layout are sent to Zalo again for it (copy-image), so the
   * media ids belong to the OA the template goes to.
   */
  const changeOa = async (next: string) => {
    const before = v.zaloOAId;
    setV((s) => ({ ...s, zaloOAId: next }));
    const ids = [...new Set(v.layout.header.components.flatMap((c) => (c.type === 'LOGO' ? [c.light, c.dark] : c.type === 'IMAGE' ? c.items : [])).filter(Boolean))];
    if (!before || before === next || ids.length === 0) return;
    try {
      const moved = new Map<string, { mediaId: string; url: string }>();
      for (const id of ids) moved.set(id, await copyTemplateImage(next, id));
      const swap = (id: string) => moved.get(id)?.mediaId ?? id;
      setV((s) => ({
        ...s,
        layout: {
          ...s.layout,
          header: { components: s.layout.header.components.map((c) => (c.type === 'LOGO' ? { ...c, light: swap(c.light), dark: swap(c.dark) } : c.type === 'IMAGE' ? { ...c, items: c.items.map(swap) } : c)) },
        },
        media: { ...s.media, ...Object.fromEntries([...moved.values()].map((m) => [m.mediaId, m.url])) },
      }));
    } catch (e) {
      setFailure(t('authoring.imagesAgain', { reason: errorText(e) }));
    }
  };

  const body = () => ({
    zaloOAId: v.zaloOAId,
    name: v.name.trim(),
    templateType: v.templateType,
    tag: v.tag,
    layout: v.layout,
    params: v.params,
    ...(v.note.trim() ? { note: v.note.trim() } : {}),
    media: v.media,
  });

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'TEMPLATE_LAYOUT_INVALID') {
      setServerIssues(error.fields.map((f) => ({ path: f.path, rule: f.code, message: f.message, ...((f as { values?: LayoutIssue['values'] }).values ? { values: (f as { values?: LayoutIssue['values'] }).values } : {}) })));
      return;
    }
    setFailure(errorText(error));
  };

  const onSaveDraft = async () => {
    setFailure(null);
    setServerIssues(null);
    if (!v.zaloOAId) {
      setFailure(t('templates.oaRequired'));
      return;
    }
    try {
      const saved = await saveDraft.mutateAsync({ ...body(), ...(draftId ? { id: draftId } : {}) });
      setDraftId(saved.id);
      void message.success(t('authoring.draftSaved'));
    } catch (e) {
      fail(e);
    }
  };

  const onSubmit = async () => {
    setTried(true);
    setFailure(null);
    setServerIssues(null);
    if (!v.zaloOAId) {
      setFailure(t('templates.oaRequired'));
      return;
    }
    if (issues.length > 0) return;
    try {
      const editing = request && request.status !== 'DRAFT' ? request.id : null;
      await submit.mutateAsync({ id: editing, body: { ...body(), ...(draftId && !editing ? { draftId } : {}) } });
      void message.success(t('templates.requestSent'));
      onClose();
    } catch (e) {
      fail(e);
    }
  };

  const ruleText = (i: LayoutIssue) => {
    const key = `rules.${i.rule}`;
    const text = t(key, { ...(i.values ?? {}), defaultValue: '' });
    return text || i.message;
  };

  const form = (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
      {shown.length > 0 ? (
        <Alert
          type="error"
          showIcon
          data-testid="template-issues"
          title={t('authoring.issuesTitle', { count: shown.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {shown.map((i, k) => (
                <li key={k}>
                  <strong>{issueLabel(t, i.path)}</strong>: {ruleText(i)}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Card size="small" title={t('authoring.basics')}>
        <Row gutter={[12, 12]}>
          <Col xs={24} md={12}>
            <label htmlFor="tpl-oa">{t('templates.columns.oa')}</label>
            <Select id="tpl-oa" value={v.zaloOAId || undefined} style={{ width: '100%' }} disabled={Boolean(request?.znsTemplateId)} options={oas.map((o) => ({ value: o.id, label: o.name }))} onChange={(x: string) => void changeOa(x)} data-testid="template-oa" />
          </Col>
          <Col xs={24} md={12}>
            <label htmlFor="tpl-name">{t('templates.columns.name')}</label>
            <Input id="tpl-name" value={v.name} maxLength={ZNS_LAYOUT_LIMITS.name.max} showCount onChange={(e) => setV((s) => ({ ...s, name: e.target.value }))} data-testid="template-name" />
          </Col>
          <Col xs={24} md={12}>
            <label htmlFor="tpl-kind">{t('authoring.kindLabel')}</label>
            <Select id="tpl-kind" value={v.templateType} style={{ width: '100%' }} options={ZNS_TEMPLATE_KINDS.map((k) => ({ value: k.value, label: t(`templates.kinds.${k.name}`) }))} onChange={(x: number) => setV((s) => ({ ...s, templateType: x }))} />
          </Col>
          <Col xs={24} md={12}>
            <label htmlFor="tpl-tag">{t('authoring.tagLabel')}</label>
            <Select id="tpl-tag" value={v.tag} style={{ width: '100%' }} options={TAGS.map((x) => ({ value: x, label: t(`templates.tags.${x}`) }))} onChange={(x: Tag) => setV((s) => ({ ...s, tag: x }))} />
          </Col>
        </Row>
      </Card>
      {LAYOUT_SECTIONS.map((sec) => (
        <Card
          key={sec}
          size="small"
          title={t(`authoring.sections.${sec}`)}
          data-testid={`section-${sec}`}
          extra={
            <Dropdown
              trigger={['click']}
              menu={{
                items: SECTION_COMPONENTS[sec].map((type) => ({ key: type, label: <span data-testid={`add-${sec}-${type}`}>{t(`authoring.components.${type}`)}</span> })),
                onClick: ({ key }) => setComponents(sec, [...v.layout[sec].components, blank(key as LayoutComponent['type'])]),
              }}
            >
              <Button size="small" icon={<PlusOutlined />} data-testid={`add-${sec}`}>
                {t('authoring.addComponent')}
              </Button>
            </Dropdown>
          }
        >
          {v.layout[sec].components.length === 0 ? <Typography.Text type="secondary">{t('authoring.sectionEmpty')}</Typography.Text> : null}
          {v.layout[sec].components.map((c, i) => (
            <div key={i} style={{ borderBottom: '1px solid #f0f0f0', padding: '8px 0' }} data-testid={`${sec}-${i}`}>
              <Space style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 6 }} wrap>
                <Typography.Text strong>{t(`authoring.components.${c.type}`)}</Typography.Text>
                <Space size={0}>
                  <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('authoring.moveUp', { name: t(`authoring.components.${c.type}`) })} onClick={() => move(sec, i, -1)} />
                  <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={i === v.layout[sec].components.length - 1} aria-label={t('authoring.moveDown', { name: t(`authoring.components.${c.type}`) })} onClick={() => move(sec, i, 1)} />
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('authoring.remove', { name: t(`authoring.components.${c.type}`) })} onClick={() => setComponents(sec, v.layout[sec].components.filter((_, j) => j !== i))} />
                </Space>
              </Space>
              <LayoutComponentEditor
                c={c}
                zaloOAId={v.zaloOAId}
                media={v.media}
                testId={`${sec}-${i}`}
                onChange={(next) => setComponents(sec, v.layout[sec].components.map((x, j) => (j === i ? next : x)))}
                onMedia={(id, url) => setV((s) => ({ ...s, media: { ...s.media, [id]: url } }))}
              />
            </div>
          ))}
        </Card>
      ))}
      <Card size="small" title={t('templates.params')}>
        {v.params.length === 0 ? <Typography.Text type="secondary">{t('authoring.paramsHint')}</Typography.Text> : null}
        {v.params.map((p, i) => (
          <Space key={p.name} style={{ display: 'flex', marginBottom: 6 }} align="center" wrap data-testid={`param-${p.name}`}>
            <Typography.Text code style={{ minWidth: 120, display: 'inline-block' }}>{`<${p.name}>`}</Typography.Text>
            <Select
              value={p.type}
              aria-label={t('authoring.paramType', { name: p.name })}
              style={{ width: 200 }}
              options={ZNS_PARAM_TYPES.map((x) => ({ value: x.type, label: t(`templates.paramTypes.${x.type}`) }))}
              onChange={(x: number) => setV((s) => ({ ...s, params: s.params.map((q, j) => (j === i ? { ...q, type: x } : q)) }))}
            />
            <Input
              value={p.sample}
              aria-label={t('authoring.paramSample', { name: p.name })}
              placeholder={t('templates.param.sample')}
              maxLength={ZNS_PARAM_TYPES.find((x) => x.type === p.type)?.maxLength ?? 30}
              style={{ width: 200 }}
              onChange={(e) => setV((s) => ({ ...s, params: s.params.map((q, j) => (j === i ? { ...q, sample: e.target.value } : q)) }))}
              data-testid={`param-${p.name}-sample`}
            />
          </Space>
        ))}
      </Card>
      <Card size="small" title={t('templates.note')}>
        <Input.TextArea value={v.note} rows={2} maxLength={ZNS_LAYOUT_LIMITS.note.max} showCount aria-label={t('templates.note')} onChange={(e) => setV((s) => ({ ...s, note: e.target.value }))} />
      </Card>
    </Space>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      width={screens.lg ? 1180 : '100%'}
      title={request && request.status !== 'DRAFT' ? t('authoring.editTitle') : t('authoring.newTitle')}
      extra={
        <Space wrap>
          <Button onClick={() => void onSaveDraft()} loading={saveDraft.isPending} disabled={Boolean(request && request.status !== 'DRAFT')} data-testid="template-save-draft">
            {t('authoring.saveDraft')}
          </Button>
          <Button type="primary" onClick={() => void onSubmit()} loading={submit.isPending} data-testid="template-submit">
            {t('authoring.submit')}
          </Button>
        </Space>
      }
    >
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          {form}
        </Col>
        <Col xs={24} lg={10}>
          <div style={{ position: screens.lg ? 'sticky' : 'static', top: 0 }}>
            <Typography.Title level={5}>{t('authoring.preview')}</Typography.Title>
            <TemplatePreview layout={v.layout} params={v.params} media={v.media} />
          </div>
        </Col>
      </Row>
    </Drawer>
  );
}
