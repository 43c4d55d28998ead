import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Steps from 'antd/es/steps';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import { useVideos } from '../api/get-videos';
import { uploadVideo } from '../api/upload-video';
import { useDeleteVideos } from '../api/delete-videos';
import { oaVideosKey, type OaVideoItem } from '../api/types';
import { useErrorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/api-client';
import { VIDEO_ACCEPT, VIDEO_MAX_MB, checkVideoFile, formatMb } from '../../../lib/image-rules';

export type CoverLayout = 'horizontal' | 'square' | 'vertical';
const LAYOUTS: CoverLayout[] = ['horizontal', 'square', 'vertical'];
const RATIO: Record<CoverLayout, string> = { horizontal: '16 / 9', square: '1 / 1', vertical: '9 / 16' };

/** The conversion of an upload across its OAs: the least advanced OA decides (READY when all are). */
function conversion(item: OaVideoItem): { status: string; percent: number; error: string | null } {
  const failed = item.value.find((v) => v.status === 'FAILED');
  if (failed) return { status: 'FAILED', percent: failed.convertPercent, error: failed.error };
  const pending = item.value.filter((v) => v.status !== 'READY');
  if (pending.length === 0) return { status: 'READY', percent: 100, error: null };
  return { status: pending[0]?.status ?? 'CONVERTING', percent: Math.min(...pending.map((v) => v.convertPercent)), error: null };
}

/**
 * §2.9 / §4 video picker: step 1 uploads (video types only, ≤ 50 MB, with a progress bar) or picks
 * one of the uploaded videos (cards with name and size in MB, delete with confirmation); in preview
 * mode step 2 chooses the cover layout on a phone mock-up. OK reads 'select' in step 1 and 'add' after.
 */
export function VideoPickerModal({
  open,
  tenantId,
  zaloOAIds,
  preview,
  value,
  layout: initialLayout,
  onOk,
  onClose,
}: {
  open: boolean;
  tenantId: string;
  zaloOAIds: readonly string[];
  preview: boolean;
  value: string | null;
  layout?: CoverLayout | null;
  onOk: (video: OaVideoItem, layout: CoverLayout) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('oa-content');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const videos = useVideos(tenantId, zaloOAIds, open);
  const remove = useDeleteVideos();
  const [step, setStep] = useState(0);
  const [selected, setSelected] = useState<string | null>(value);
  const [layout, setLayout] = useState<CoverLayout>(initialLayout ?? 'horizontal');
  const [progress, setProgress] = useState<number | null>(null);
  // Opening again starts at step 1 with the current choice (state adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStep(0);
      setSelected(value);
      setLayout(initialLayout ?? 'horizontal');
    }
  }
  const items = videos.data?.data ?? [];
  const chosen = items.find((v) => v.key === selected) ?? null;

  const upload = async (file: File) => {
    const failure = checkVideoFile(file);
    if (failure) {
      void message.error(t(failure.key, failure.values));
      return;
    }
    setProgress(0);
    try {
      const item = await uploadVideo({ tenantId, file, zaloOAIds, onProgress: setProgress });
      setSelected(item.key);
      await queryClient.invalidateQueries({ queryKey: oaVideosKey });
    } catch (error) {
      // §8: a failure without a body shows 'Upload failed'; otherwise the server's message.
      void message.error(error instanceof ApiError && error.body ? errorText(error) : t('video.uploadFailed'));
    } finally {
      setProgress(null);
    }
  };

  const ok = () => {
    if (!chosen) return;
    if (preview && step === 0) setStep(1);
    else onOk(chosen, layout);
  };

  return (
    <Modal
      open={open}
      title={t('video.pickerTitle')}
      width={preview && step === 1 ? 560 : 820}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          {step === 1 ? <Button onClick={() => setStep(0)}>{t('common:back')}</Button> : <Button onClick={onClose}>{t('common:cancel')}</Button>}
          <Button type="primary" disabled={!chosen || progress !== null} onClick={ok} data-testid="video-picker-ok">
            {step === 0 ? t('video.select') : t('video.add')}
          </Button>
        </Flex>
      }
    >
      {preview ? <Steps size="small" current={step} items={[{ title: t('video.step1') }, { title: t('video.step2') }]} style={{ marginBottom: 16 }} /> : null}
      {step === 0 ? (
        <Flex vertical gap={12}>
          <Flex gap={12} align="center" wrap>
            <Upload
              accept={VIDEO_ACCEPT}
              showUploadList={false}
              disabled={progress !== null || zaloOAIds.length === 0}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={progress !== null} disabled={zaloOAIds.length === 0} data-testid="video-upload">
                {t('video.upload')}
              </Button>
            </Upload>
            <Typography.Text type="secondary">{zaloOAIds.length === 0 ? t('form.oaRequired') : t('video.hint', { size: VIDEO_MAX_MB })}</Typography.Text>
          </Flex>
          {progress !== null ? <Progress percent={progress} data-testid="video-upload-progress" /> : null}
          {videos.isPending ? (
            <Skeleton active />
          ) : videos.isError ? (
            <Typography.Text type="danger">{errorText(videos.error)}</Typography.Text>
          ) : items.length === 0 ? (
            <Empty description={t('video.empty')} />
          ) : (
            <div role="listbox" aria-label={t('video.pickerTitle')} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 12 }}>
              {items.map((item) => {
                const state = conversion(item);
                const isSelected = item.key === selected;
                return (
                  <div
                    key={item.key}
                    role="option"
                    aria-selected={isSelected}
                    tabIndex={0}
                    onClick={() => setSelected(item.key)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        setSelected(item.key);
                      }
                    }}
                    data-testid={`video-card-${item.key}`}
                    style={{ border: `2px solid ${isSelected ? '#1677ff' : '#f0f0f0'}`, borderRadius: 8, padding: 8, cursor: 'pointer', minWidth: 0 }}
                  >
                    <div style={{ aspectRatio: '16 / 9', background: '#000', borderRadius: 4, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
                      {item.videoUrl ? <video src={item.videoUrl} muted preload="metadata" style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <PlayCircleOutlined style={{ color: '#fff', fontSize: 28 }} />}
                    </div>
                    <Typography.Text ellipsis={{ tooltip: item.videoName }} style={{ display: 'block', marginTop: 6 }} strong>
                      {item.videoName}
                    </Typography.Text>
                    <Flex justify="space-between" align="center" gap={4}>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('video.sizeMb', { size: formatMb(item.videoSize) })}
                      </Typography.Text>
                      <Popconfirm
                        title={t('video.deleteTitle')}
                        okText={t('delete.ok')}
                        cancelText={t('common:cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          remove.mutateAsync({ tenantId, ids: [item.key] }).then(
                            () => {
                              if (selected === item.key) setSelected(null);
                              void message.success(t('video.deleted'));
                            },
                            (error: unknown) => void message.error(errorText(error)),
                          )
                        }
                      >
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('video.delete', { name: item.videoName })} onClick={(e) => e.stopPropagation()} />
                      </Popconfirm>
                    </Flex>
                    {state.status === 'READY' ? (
                      <Tag color="success">{t('video.status.READY')}</Tag>
                    ) : state.status === 'FAILED' ? (
                      <Tag color="error" title={state.error ?? undefined}>
                        {t('video.status.FAILED')}
                      </Tag>
                    ) : (
                      <Progress percent={state.percent} size="small" format={(p) => t('video.converting', { percent: p })} />
                    )}
                  </div>
                );
              })}
            </div>
          )}
        </Flex>
      ) : (
        <Flex gap={24} wrap justify="center" align="center">
          <Radio.Group value={layout} onChange={(e) => setLayout(e.target.value as CoverLayout)} optionType="button" buttonStyle="solid" aria-label={t('video.layout')}>
            {LAYOUTS.map((l) => (
              <Radio.Button key={l} value={l} data-testid={`video-layout-${l}`}>
                {t(`video.layouts.${l}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
          <div aria-label={t('video.phone')} style={{ width: 220, height: 440, border: '10px solid #222', borderRadius: 32, background: '#fafafa', padding: 8, display: 'flex', flexDirection: 'column', gap: 8, overflow: 'hidden' }}>
            <div style={{ height: 6, width: 60, background: '#222', borderRadius: 3, alignSelf: 'center' }} />
            <div style={{ aspectRatio: RATIO[layout], maxHeight: 300, background: '#000', borderRadius: 6, overflow: 'hidden', alignSelf: 'center', width: layout === 'vertical' ? 'auto' : '100%', height: layout === 'vertical' ? 300 : undefined }}>
              {chosen?.videoUrl ? <video src={chosen.videoUrl} muted autoPlay loop playsInline style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : null}
            </div>
            <div style={{ height: 10, background: '#e5e5e5', borderRadius: 4 }} />
            <div style={{ height: 10, width: '70%', background: '#e5e5e5', borderRadius: 4 }} />
          </div>
        </Flex>
      )}
    </Modal>
  );
}
