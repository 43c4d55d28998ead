import { z } from 'zod';
import { oaMessage } from './messaging';

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
