import type { OaMessage } from '@zc/shared/api/messaging';

/**
 * Our OA message (§3 template types) → the Zalo v3 send call (REFERENCE §3.4): consultation
 * kinds go to `/v3.0/oa/message/cs`, transaction and promotion to their own endpoints.
 */
export function oaSendRequest(uid: string, m: OaMessage): { path: string; json: Record<string, unknown> } {
  const recipient = { user_id: uid };
  const media = (element: Record<string, unknown>, text?: string) => ({
    ...(text ? { text } : {}),
    attachment: { type: 'template', payload: { template_type: 'media', elements: [element] } },
  });
  switch (m.kind) {
    case 'text':
      return { path: '/v3.0/oa/message/cs', json: { recipient, message: { text: m.text } } };
    case 'quote':
      return { path: '/v3.0/oa/message/cs', json: { recipient, message: { text: m.text, quote_message_id: m.quoteMessageId } } };
    case 'image':
      return {
        path: '/v3.0/oa/message/cs',
        json: { recipient, message: media(m.attachmentId ? { media_type: 'image', attachment_id: m.attachmentId } : { media_type: 'image', url: m.url }, m.caption) },
      };
    case 'gif':
      return {
        path: '/v3.0/oa/message/cs',
        json: { recipient, message: media({ media_type: 'gif', ...(m.attachmentId ? { attachment_id: m.attachmentId } : { url: m.url }), width: m.width, height: m.height }) },
      };
    case 'sticker':
      return { path: '/v3.0/oa/message/cs', json: { recipient, message: media({ media_type: 'sticker', attachment_id: m.attachmentId }) } };
    case 'file':
      return { path: '/v3.0/oa/message/cs', json: { recipient, message: { attachment: { type: 'file', payload: { token: m.token } } } } };
    case 'request':
      return {
        path: '/v3.0/oa/message/cs',
        json: {
          recipient,
          message: { attachment: { type: 'template', payload: { template_type: 'request_user_info', elements: [{ title: m.title, subtitle: m.subtitle, image_url: m.imageUrl }] } } },
        },
      };
    case 'transaction':
    case 'promotion': {
      const e = m.elements;
      const elements: Array<Record<string, unknown>> = [];
      if (e.bannerUrl) elements.push({ type: 'banner', image_url: e.bannerUrl });
      elements.push({ type: 'header', content: e.header, align: 'left' });
      elements.push({ type: 'text', content: e.text, align: 'left' });
      if (e.description) elements.push({ type: 'text', content: e.description, align: 'left' });
      if (e.table.length) elements.push({ type: 'table', content: e.table.map((r) => ({ key: r.key, value: r.value, ...(r.style ? { style: r.style } : {}) })) });
      const buttons = m.buttons.map((b) => ({ title: b.title, type: b.type, payload: b.payload, image_icon: '' }));
      const payload =
        m.kind === 'transaction'
          ? { template_type: `transaction_${m.templateType}`, language: m.language, elements, buttons }
          : { template_type: 'promotion', elements, buttons };
      return { path: m.kind === 'transaction' ? '/v3.0/oa/message/transaction' : '/v3.0/oa/message/promotion', json: { recipient, message: { attachment: { type: 'template', payload } } } };
    }
  }
}
