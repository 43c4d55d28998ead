import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ZaloApiError } from '@zc/zalo/errors';
import { handleZaloWebhook } from '@zc/zalo/webhook';
import { createZnsTemplate, getZnsTemplateInfo, listZnsTemplates } from '@zc/zalo/zns';
import { editZnsTemplate, uploadZnsImage } from '@zc/zalo/zns-templates';
import { SANDBOX_APP_ID, SANDBOX_OA_ID, SANDBOX_WEBHOOK_SECRET } from '../seed';
import { startHarness, startReceiver, waitFor, type Harness } from './harness';

const h: Harness = await startHarness();
const receiver = await startReceiver();
afterAll(async () => {
  await h.close();
  await receiver.close();
});
beforeEach(async () => {
  await h.control('/reset', {});
  await h.control('/webhooks', { url: receiver.url });
  receiver.received.length = 0;
});

const codeOf = (p: Promise<unknown>) => p.then(() => 0, (e: unknown) => (e instanceof ZaloApiError ? e.code : -999999));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const png = (data: Buffer = PNG) => ({ data, filename: 'logo.png', contentType: 'image/png' });

function input(over: Partial<Parameters<typeof createZnsTemplate>[2]> = {}): Parameters<typeof createZnsTemplate>[2] {
  return {
    templateName: 'Xác nhận đơn hàng mới',
    templateType: 1,
    tag: 1,
    layout: {
      body: {
        components: [
          { TITLE: { value: 'Đơn hàng đã được xác nhận' } },
          { PARAGRAPH: { value: 'Chào <customer_name>, đơn <order_code> đã được xác nhận.' } },
          { TABLE: { rows: [{ title: 'Mã đơn', value: '<order_code>' }, { title: 'Trạng thái', value: 'Đã xác nhận' }] } },
        ],
      },
      footer: { components: [{ BUTTONS: { items: [{ type: 1, title: 'Xem đơn hàng', content: 'https://shop.example.vn/o' }] } }] },
    },
    params: [
      { name: 'customer_name', type: 1, sampleValue: 'An' },
      { name: 'order_code', type: 4, sampleValue: 'DH001' },
    ],
    trackingId: 'tpl-1',
    ...over,
  };
}

const events = () =>
  receiver.received.map((r) => handleZaloWebhook({ rawBody: r.rawBody, headers: r.headers, secretFor: (appId) => (appId === SANDBOX_APP_ID ? SANDBOX_WEBHOOK_SECRET : undefined) }));

describe('ZNS template management against the sandbox', () => {
  it('creates a full layout (logo from an uploaded image) that template/all and info/v2 show like a seeded one', async () => {
    const { media_id } = await uploadZnsImage(h.client, SANDBOX_OA_ID, png());
    expect(media_id).toMatch(/^zm/);
    const layout = { ...input().layout, header: { components: [{ LOGO: { light: { type: 'IMAGE', media_id }, dark: { type: 'IMAGE', media_id } } }] } };
    const created = await createZnsTemplate(h.client, SANDBOX_OA_ID, input({ layout }));
    expect(created).toMatchObject({ status: 'PENDING_REVIEW', template_type: 1 });
    const info = await getZnsTemplateInfo(h.client, SANDBOX_OA_ID, String(created.template_id));
    expect(info).toMatchObject({ templateName: 'Xác nhận đơn hàng mới', status: 'PENDING_REVIEW', templateTag: 'TRANSACTION' });
    expect(info.listParams.map((p) => [p.name, p.maxLength])).toEqual([['customer_name', 30], ['order_code', 30]]);
    expect(info.listButtons).toEqual([{ type: 1, title: 'Xem đơn hàng', content: 'https://shop.example.vn/o' }]);
    expect((await listZnsTemplates(h.client, SANDBOX_OA_ID, { status: 2 })).templates.map((t) => String(t.templateId))).toContain(String(created.template_id));
  });

  it('refuses layouts Zalo refuses with -132: missing param, too many buttons, unknown media, a wrong component', async () => {
    const base = input();
    const three = { BUTTONS: { items: [1, 2, 3].map((i) => ({ type: 1, title: `Nút số ${i}`, content: 'https://a.vn' })) } };
    expect(await codeOf(createZnsTemplate(h.client, SANDBOX_OA_ID, input({ params: [base.params[0]!], trackingId: 'a' })))).toBe(-132);
    expect(await codeOf(createZnsTemplate(h.client, SANDBOX_OA_ID, input({ layout: { ...base.layout, footer: { components: [three] } }, trackingId: 'b' })))).toBe(-132);
    const logo = { LOGO: { light: { type: 'IMAGE', media_id: 'nope' }, dark: { type: 'IMAGE', media_id: 'nope' } } };
    expect(await codeOf(createZnsTemplate(h.client, SANDBOX_OA_ID, input({ layout: { ...base.layout, header: { components: [logo] } }, trackingId: 'c' })))).toBe(-132);
    expect(await codeOf(createZnsTemplate(h.client, SANDBOX_OA_ID, input({ layout: { body: { components: [{ VIDEO: {} }] } }, trackingId: 'd' })))).toBe(-132);
  });

  it('edits only a rejected template (-1091 otherwise); review via the control API fires signed status webhooks with the reason', async () => {
    const created = await createZnsTemplate(h.client, SANDBOX_OA_ID, input());
    const id = String(created.template_id);
    const { trackingId: _t, ...rest } = input({ templateName: 'Xác nhận đơn hàng (sửa)' });
    expect(await codeOf(editZnsTemplate(h.client, SANDBOX_OA_ID, { ...rest, templateId: id }))).toBe(-1091);
    await h.control(`/templates/${id}/status`, { status: 'REJECT', reason: 'Nội dung chưa rõ ràng' });
    expect((await getZnsTemplateInfo(h.client, SANDBOX_OA_ID, id)).reason).toBe('Nội dung chưa rõ ràng');
    await waitFor(() => receiver.received.length === 1);
    expect(events()[0]).toMatchObject({ ok: true, event: { type: 'template_status', templateId: id, newStatus: 'REJECT', reason: 'Nội dung chưa rõ ràng' } });
    const edited = await editZnsTemplate(h.client, SANDBOX_OA_ID, { ...rest, templateId: id });
    expect(edited).toMatchObject({ template_id: id, status: 'PENDING_REVIEW' });
    expect(await getZnsTemplateInfo(h.client, SANDBOX_OA_ID, id)).toMatchObject({ templateName: 'Xác nhận đơn hàng (sửa)', status: 'PENDING_REVIEW' });
    await h.control(`/templates/${id}/status`, { status: 'ENABLE' });
    await h.control(`/templates/${id}/status`, { status: 'DISABLE' });
    await h.control(`/templates/${id}/quality`, { quality: 'LOW' });
    await waitFor(() => receiver.received.length === 4);
    expect(events().map((e) => (e.ok ? e.event.type : 'bad'))).toEqual(['template_status', 'template_status', 'template_status', 'template_quality']);
  });

  it('uploads JPG/PNG ≤ 500 KB only', async () => {
    expect(await codeOf(uploadZnsImage(h.client, SANDBOX_OA_ID, { data: Buffer.from('GIF89a'), filename: 'a.gif', contentType: 'image/gif' }))).toBe(-132);
    expect(await codeOf(uploadZnsImage(h.client, SANDBOX_OA_ID, png(Buffer.concat([PNG, Buffer.alloc(501 * 1024)]))))).toBe(-132);
    expect(await codeOf(uploadZnsImage(h.client, SANDBOX_OA_ID, png()))).toBe(0);
  });

  it('allows 100 creates a day per OA (-160 after), a new day refills', async () => {
    for (let i = 0; i < 100; i += 1) await createZnsTemplate(h.client, SANDBOX_OA_ID, input({ trackingId: `d-${i}` }));
    expect(await codeOf(createZnsTemplate(h.client, SANDBOX_OA_ID, input({ trackingId: 'd-100' })))).toBe(-160);
    await h.control('/clock/advance', { ms: 24 * 3_600_000 });
    expect(await codeOf(createZnsTemplate(h.client, SANDBOX_OA_ID, input({ trackingId: 'd-101' })))).toBe(0);
  });
});
