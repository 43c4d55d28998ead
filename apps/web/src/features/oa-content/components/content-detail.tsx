import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import DOMPurify from 'dompurify';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';
import type { BodyBlock, OaContent } from '../api/types';
import { OaAvatars } from './oa-avatars';
import { ContentStatusTag, PublishStateTag } from './content-status';
import { relativeTime } from './relative-time';

// The QR code renderer loads only when a detail with published mappings is shown.
const QRCode = lazy(() => import('antd/es/qr-code'));

/** Sanitized HTML of a text block: never rendered raw (scripts, handlers and javascript: links removed). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'iframe'], FORBID_ATTR: ['style'] });
}

function Block({ block }: { block: BodyBlock }) {
  const { t } = useTranslation('oa-content');
  const html = useMemo(() => (block.type === 'text' ? sanitizeHtml(block.content) : ''), [block]);
  switch (block.type) {
    case 'text':
      return <div className="oa-content-html" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />;
    case 'image':
      return (
        <figure style={{ margin: 0 }}>
          <img src={block.url} alt={block.caption ?? ''} style={{ maxWidth: '100%', borderRadius: 6 }} />
          {block.caption ? <figcaption style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{block.caption}</figcaption> : null}
        </figure>
      );
    case 'video':
      return block.url ? (
        <video src={block.url} poster={block.thumb} controls style={{ width: '100%', borderRadius: 6 }} />
      ) : (
        <Typography.Text type="secondary">{t('detail.uploadedVideo')}</Typography.Text>
      );
    case 'product':
      return (
        <Flex gap={8} align="center" style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
          <ShoppingOutlined />
          <span>{t('detail.product', { id: block.id })}</span>
        </Flex>
      );
  }
}

/**
 * §2.8 post/video detail: cover (image or player), OA avatars, title, author and relative time,
 * description, sanitized HTML body blocks; beside it the per-OA card (publishing state, QR code and
 * view link of each mapping), hidden in page-embedded mode. Missing texts show the §2.8 placeholders.
 */
export function ContentDetail({ content, embedded = false }: { content: OaContent; embedded?: boolean }) {
  const { t, i18n } = useTranslation('oa-content');
  const coverImage = content.cover?.photo_url ?? content.avatar;
  const main = (
    <Flex vertical gap={12} data-testid="content-detail">
      {content.type === 'video' && content.videoUrl ? (
        <video src={content.videoUrl} poster={content.avatar ?? undefined} controls style={{ width: '100%', maxHeight: 420, borderRadius: 8, background: '#000' }} data-testid="content-detail-video" />
      ) : coverImage ? (
        <img src={coverImage} alt={content.title || t('placeholder.title')} style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 8 }} data-testid="content-detail-cover" />
      ) : null}
      <Flex justify="space-between" align="center" gap={8} wrap>
        <OaAvatars oas={content.zaloOA} />
        <ContentStatusTag content={content} />
      </Flex>
      <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }} type={content.title ? undefined : 'secondary'}>
        {content.title || t('placeholder.title')}
      </Typography.Title>
      <Typography.Text type="secondary">
        {t('detail.byline', { author: content.author || content.createdBy?.displayName || t('detail.unknownAuthor'), time: relativeTime(content.updatedAt, i18n.language) })}
      </Typography.Text>
      <Typography.Paragraph style={{ margin: 0, overflowWrap: 'anywhere' }} type={content.description ? undefined : 'secondary'} italic={!content.description}>
        {content.description || t('placeholder.description')}
      </Typography.Paragraph>
      {content.body.length === 0 ? (
        <Typography.Text type="secondary" italic>
          {t('placeholder.body')}
        </Typography.Text>
      ) : (
        content.body.map((block, index) => <Block key={index} block={block} />)
      )}
    </Flex>
  );
  if (embedded) return main;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={15}>
        {main}
      </Col>
      <Col xs={24} md={9}>
        <PublishCard content={content} />
      </Col>
    </Row>
  );
}

/** One entry per OA mapping: its publishing state, totals, and once published the QR code and view link. */
export function PublishCard({ content }: { content: OaContent }) {
  const { t } = useTranslation('oa-content');
  return (
    <Card size="small" title={t('detail.publishCard')} data-testid="content-publish-card">
      {content.oaContentMapping.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noMappings')} />
      ) : (
        <Flex vertical gap={16}>
          {content.oaContentMapping.map((m) => (
            <Flex key={m.id} vertical gap={6} align="center" data-testid={`mapping-${m.zaloOAId}`}>
              <Flex gap={8} align="center" wrap justify="center">
                <OaAvatars oas={[m.zaloOA]} size={22} />
                <strong>{m.zaloOA.name}</strong>
                {content.status === 'published' ? <PublishStateTag state={m.publishState} error={m.publishError} /> : null}
              </Flex>
              {m.linkView ? (
                <>
                  <Suspense fallback={<Skeleton.Node active style={{ width: 120, height: 120 }} />}>
                    <QRCode value={m.linkView} size={120} bordered={false} />
                  </Suspense>
                  <Typography.Link href={m.linkView} target="_blank" rel="noopener noreferrer" data-testid="mapping-link">
                    {t('detail.viewLink')}
                  </Typography.Link>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('detail.totals', { views: m.totalView, shares: m.totalShare })}
                  </Typography.Text>
                </>
              ) : null}
              {m.publishState === 'FAILED' && m.publishError ? (
                <Typography.Text type="danger" style={{ fontSize: 12, textAlign: 'center' }}>
                  {m.publishError}
                </Typography.Text>
              ) : null}
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
