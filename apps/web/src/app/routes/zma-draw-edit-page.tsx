import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Progress from 'antd/es/progress';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { ApiError } from '../../lib/api-client';
import { ErrorResult } from '../../components/error-result';
import { PageHeader } from '../../components/page-header';
import { RealtimeBadge } from '../../components/realtime-badge';
import { useErrorText } from '../../lib/error-text';
import { formatDateTime, formatThousands } from '../../lib/formatters';
import { PAGES, zmaHref } from '../../lib/paths';
import { useScope } from '../../lib/scope-context';
import { useDrawScope } from '../../features/zma-draw/use-draw-scope';
import { useDeleteDraw, useDraw, useLiveDraws } from '../../features/zma-draw/api/zma-draw';
import { DrawForm } from '../../features/zma-draw/components/draw-form';
import { StatusTag, useScheduleText } from '../../features/zma-draw/components/labels';
import { WheelPreview } from '../../features/zma-draw/components/wheel-preview';
import { formatPercent } from '../../features/zma-draw/logic/probability';

function useBackToList() {
  const tenantId = useScope().tenant?.id ?? '';
  const { zmaAppId } = useDrawScope();
  return zmaHref(PAGES.zmaDraws, zmaAppId, tenantId);
}

function LoadFailure({ error }: { error: unknown }) {
  const errorText = useErrorText();
  const status = error instanceof ApiError && (error.status === 404 || error.status === 403) ? error.status : 500;
  return <ErrorResult status={status} message={status === 500 ? errorText(error) : undefined} />;
}

/** /lucky-draw-config/create and /lucky-draw-config/{luckyDrawId}/update. */
export function ZmaDrawEditPage() {
  const { t } = useTranslation('zma-draw');
  const { luckyDrawId } = useParams();
  const { zmaAppId } = useDrawScope();
  const draw = useDraw(zmaAppId, luckyDrawId);
  const back = useBackToList();
  const title = luckyDrawId ? t('form.editTitle') : t('form.createTitle');
  return (
    <>
      <PageHeader
        title={
          <Space>
            <Link to={back} aria-label={t('actions.back')}>
              <ArrowLeftOutlined />
            </Link>
            {title}
          </Space>
        }
      />
      {!luckyDrawId ? <DrawForm draw={null} /> : draw.isLoading ? <Skeleton active /> : draw.isError ? <LoadFailure error={draw.error} /> : draw.data ? <DrawForm key={draw.data.id} draw={draw.data} /> : null}
    </>
  );
}

/** /lucky-draw-config/{luckyDrawId}: the configuration read-only, each prize's won/stock, live on zma.activity. */
export function ZmaDrawDetailPage() {
  const { t } = useTranslation('zma-draw');
  const { luckyDrawId } = useParams();
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const tenantId = useScope().tenant?.id ?? '';
  const { zmaAppId, can } = useDrawScope();
  const draw = useDraw(zmaAppId, luckyDrawId);
  useLiveDraws(zmaAppId);
  const remove = useDeleteDraw();
  const scheduleText = useScheduleText();
  const back = useBackToList();
  const d = draw.data;

  if (draw.isLoading) return <Skeleton active />;
  if (draw.isError || !d) return <LoadFailure error={draw.error} />;

  const prizes = [...d.prizes].sort((a, b) => a.position - b.position);
  const confirmDelete = () =>
    modal.confirm({
      title: t('delete.drawTitle'),
      content: t('delete.drawBody', { name: d.name }),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () =>
        remove.mutateAsync(d.id).then(
          () => {
            void message.success(t('messages.deleted'));
            void navigate(back);
          },
          (e: unknown) => void message.error(errorText(e)),
        ),
    });

  return (
    <>
      <PageHeader
        title={
          <Space wrap>
            <Link to={back} aria-label={t('actions.back')}>
              <ArrowLeftOutlined />
            </Link>
            <span data-testid="draw-title">{d.name}</span>
            <StatusTag status={d.status} />
          </Space>
        }
        extra={
          <Flex gap={8} wrap align="center">
            <RealtimeBadge />
            {can('UPDATE_ZMA_GAME') ? (
              <Button type="primary" onClick={() => void navigate(zmaHref(PAGES.zmaDrawUpdate, zmaAppId, tenantId, { luckyDrawId: d.id }))} data-testid="draw-edit">
                {t('common:edit')}
              </Button>
            ) : null}
            {can('DELETE_ZMA_GAME') ? (
              <Button danger onClick={confirmDelete} data-testid="draw-delete">
                {t('actions.delete')}
              </Button>
            ) : null}
          </Flex>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Flex vertical gap={16}>
            <Card title={t('form.details')}>
              <Descriptions column={1} size="small" bordered styles={{ label: { width: 160 } }}>
                <Descriptions.Item label={t('fields.description')}>{d.description ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('fields.schedule')}>{scheduleText(d.startsAt, d.endsAt)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.spinsWinners')}>
                  <span data-testid="draw-spins">{`${formatThousands(d.spins)} / ${formatThousands(d.winners)}`}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.branches')}>{d.branches.length ? d.branches.map((b) => <Tag key={b.id}>{b.name}</Tag>) : t('detail.noBranch')}</Descriptions.Item>
                <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(d.createdAt)}</Descriptions.Item>
              </Descriptions>
            </Card>
            <Card title={t('form.prizes')}>
              <Flex vertical gap={12} data-testid="detail-prizes">
                {prizes.map((p) => {
                  const percent = p.stock ? Math.min(100, Math.round((p.won / p.stock) * 1000) / 10) : 0;
                  return (
                    <div key={p.id} data-testid="detail-prize" style={{ borderLeft: `6px solid ${p.color ?? '#999'}`, paddingLeft: 10 }}>
                      <Flex justify="space-between" wrap gap={8}>
                        <Typography.Text strong>{p.label}</Typography.Text>
                        <Typography.Text type="secondary">{`${formatPercent(p.probability)} %`}</Typography.Text>
                      </Flex>
                      <Typography.Text type="secondary" style={{ display: 'block' }}>
                        {p.giftItemId ? `${t(`giftType.${p.giftType ?? 'ITEM'}`)} · ${p.giftName ?? '—'}` : t('prizes.noPrize')}
                      </Typography.Text>
                      {p.giftItemId ? (
                        <Flex align="center" gap={12} wrap>
                          <Progress percent={p.stock === null ? 0 : percent} status={p.stock !== null && p.won >= p.stock ? 'exception' : 'normal'} showInfo={false} style={{ flex: '1 1 160px', margin: 0 }} />
                          <span data-testid="detail-prize-won" style={{ whiteSpace: 'nowrap' }}>
                            {p.stock === null ? t('detail.wonUnlimited', { won: formatThousands(p.won) }) : t('detail.wonOfStock', { won: formatThousands(p.won), stock: formatThousands(p.stock) })}
                          </span>
                          {p.stock !== null && p.won >= p.stock ? <Tag color="red">{t('detail.soldOut')}</Tag> : null}
                        </Flex>
                      ) : (
                        <span data-testid="detail-prize-won">{t('detail.landed', { count: p.won })}</span>
                      )}
                    </div>
                  );
                })}
              </Flex>
            </Card>
          </Flex>
        </Col>
        <Col xs={24} lg={9}>
          <Card title={t('form.look')}>
            <WheelPreview prizes={prizes.map((p) => ({ label: p.label, color: p.color }))} look={d.look} />
            <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
              <Descriptions.Item label={t('look.buttonText')}>{d.look.buttonText}</Descriptions.Item>
              <Descriptions.Item label={t('look.primaryColor')}>{d.look.primaryColor}</Descriptions.Item>
              <Descriptions.Item label={t('look.secondaryColor')}>{d.look.secondaryColor}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </>
  );
}
