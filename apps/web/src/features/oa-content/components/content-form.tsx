import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import type { ZaloOa } from '@zc/shared/api/zalo-oa';
import { useSaveContent, type SaveContentBody } from '../api/save-content';
import { CONTENT_LIMITS, type BodyBlock, type OaContent, type OaContentType } from '../api/types';
import { RichTextEditor } from './rich-text-editor';
import { ImageDialog } from './image-dialog';
import { VideoPickerModal, type CoverLayout } from './video-picker-modal';
import { OaChoice } from './oa-choice';
import { formatMb } from '../../../lib/image-rules';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';

interface Values {
  title: string;
  author: string;
  description: string;
  zaloOAIds: string[];
  teamId?: string;
}

interface VideoChoice {
  key: string;
  name: string;
  size: number | null;
  url: string | null;
}

const FIELDS = ['title', 'author', 'description', 'zaloOAIds', 'teamId', 'cover', 'avatar', 'videoId', 'body'];

/**
 * The post/video editor (§2.7–§2.9): title, author, description with their Zalo limits and
 * counters; a post's cover photo (avatar dialog) or cover video with its layout (video picker in
 * preview mode), a video's file (video picker) and thumbnail; the rich-text body; OA selection
 * (§5, the one-OA rule); a team when the tenant has several; save as draft or submit for review.
 */
export function ContentForm({
  tenantId,
  type,
  content,
  oas,
  team,
  onSaved,
}: {
  tenantId: string;
  type: OaContentType;
  content: OaContent | null;
  oas: readonly ZaloOa[];
  /** The page's team select (features/teams) when the tenant has several teams (§5: then required). */
  team: { required: boolean; select: ReactNode } | null;
  onSaved: (saved: OaContent, submitted: boolean) => void;
}) {
  const { t } = useTranslation('oa-content');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveContent();
  const [blocks, setBlocks] = useState<BodyBlock[]>(content?.body ?? []);
  const [coverType, setCoverType] = useState<'photo' | 'video'>(content?.cover?.cover_type ?? 'photo');
  const [coverPhoto, setCoverPhoto] = useState<string | null>(content?.cover?.photo_url ?? (type === 'post' ? content?.avatar : null) ?? null);
  const [coverVideo, setCoverVideo] = useState<VideoChoice | null>(content?.cover?.videoKey ? { key: content.cover.videoKey, name: t('video.chosen'), size: null, url: null } : null);
  const [coverLayout, setCoverLayout] = useState<CoverLayout>(content?.cover?.cover_view ?? 'horizontal');
  const [thumb, setThumb] = useState<string | null>(type === 'video' ? (content?.avatar ?? null) : null);
  const [video, setVideo] = useState<VideoChoice | null>(content?.videoId ? { key: content.videoId, name: content.videoName ?? t('video.chosen'), size: content.videoSize, url: content.videoUrl } : null);
  const [imageFor, setImageFor] = useState<'cover' | 'thumb' | null>(null);
  const [pickerFor, setPickerFor] = useState<'cover' | 'video' | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const zaloOAIds = Form.useWatch('zaloOAIds', form) ?? [];
  const defaultOas = content ? content.zaloOA.map((o) => o.id) : oas.length === 1 && oas[0] ? [oas[0].id] : [];

  const body = (values: Values, submit: boolean): SaveContentBody => ({
    type,
    title: values.title.trim(),
    author: values.author.trim(),
    description: values.description.trim(),
    body: blocks,
    comment: 'show',
    avatar: type === 'video' ? thumb : coverType === 'photo' ? coverPhoto : null,
    cover:
      type === 'post'
        ? coverType === 'photo'
          ? coverPhoto
            ? { cover_type: 'photo', photo_url: coverPhoto, status: 'show' }
            : null
          : coverVideo
            ? { cover_type: 'video', videoKey: coverVideo.key, cover_view: coverLayout, status: 'show' }
            : null
        : null,
    videoId: type === 'video' ? (video?.key ?? null) : null,
    zaloOAIds: values.zaloOAIds,
    teamId: values.teamId ?? null,
    submit,
    ...(content ? { version: content.version } : {}),
  });

  /** What a submission needs beyond the fields (§4): a title, a post's cover, a video's file and thumbnail. */
  const submitProblems = (values: Values): Record<string, string> => {
    const out: Record<string, string> = {};
    if (type === 'post' && !(coverType === 'photo' ? coverPhoto : coverVideo)) out.cover = t('form.coverRequired');
    if (type === 'video' && !video) out.videoId = t('form.videoRequired');
    if (type === 'video' && !thumb) out.avatar = t('form.thumbRequired');
    if (!values.title.trim()) form.setFields([{ name: 'title', errors: [t('form.titleRequired')] }]);
    return values.title.trim() ? out : { ...out, title: t('form.titleRequired') };
  };

  const run = (submit: boolean) =>
    void form.validateFields().then(
      (values) => {
        const found = submit ? submitProblems(values) : {};
        setProblems(found);
        if (Object.keys(found).length > 0) return;
        const send = () =>
          save.mutateAsync({ tenantId, id: content?.id ?? null, body: body(values, submit) }).then(
            (saved) => {
              void message.success(submit ? t('form.submitted') : t('form.saved'));
              onSaved(saved, submit);
            },
            (error: unknown) => {
              if (!applyFieldErrors(form, error, FIELDS)) void message.error(errorText(error));
            },
          );
        if (!submit) return send();
        modal.confirm({ title: t('form.submitConfirmTitle'), content: t('form.submitConfirm'), okText: t('form.submit'), cancelText: t('common:cancel'), okButtonProps: { ...{ 'data-testid': 'content-submit-confirm' } }, onOk: send });
      },
      () => undefined,
    );

  const problem = (key: string) => (problems[key] ? <Typography.Text type="danger">{problems[key]}</Typography.Text> : null);

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ title: content?.title ?? '', author: content?.author ?? '', description: content?.description ?? '', zaloOAIds: defaultOas, teamId: content?.teamId ?? undefined }}
      data-testid="content-form"
      onFinish={() => run(false)}
    >
      <Row gutter={[16, 0]}>
        <Col xs={24} lg={16}>
          <Card size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="title" label={t('form.title')} rules={[{ max: CONTENT_LIMITS.titleMax }]}>
              <Input maxLength={CONTENT_LIMITS.titleMax} showCount placeholder={t('form.titlePlaceholder')} data-testid="content-title-input" />
            </Form.Item>
            {type === 'post' ? (
              <Form.Item name="author" label={t('form.author')} rules={[{ max: CONTENT_LIMITS.authorMax }]}>
                <Input maxLength={CONTENT_LIMITS.authorMax} showCount data-testid="content-author-input" />
              </Form.Item>
            ) : null}
            <Form.Item name="description" label={t('form.description')} rules={[{ max: CONTENT_LIMITS.descriptionMax }]}>
              <Input.TextArea maxLength={CONTENT_LIMITS.descriptionMax} showCount autoSize={{ minRows: 2, maxRows: 6 }} data-testid="content-description-input" />
            </Form.Item>
            {type === 'post' ? (
              <Form.Item label={t('form.body')} required={false}>
                <RichTextEditor value={blocks} resetKey={content?.id ?? 'new'} onChange={setBlocks} label={t('form.body')} />
              </Form.Item>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" style={{ marginBottom: 16 }} title={type === 'post' ? t('form.cover') : t('form.video')}>
            {type === 'post' ? (
              <Flex vertical gap={8}>
                <Radio.Group value={coverType} onChange={(e) => setCoverType(e.target.value as 'photo' | 'video')} aria-label={t('form.cover')}>
                  <Radio value="photo">{t('form.coverPhoto')}</Radio>
                  <Radio value="video">{t('form.coverVideo')}</Radio>
                </Radio.Group>
                {coverType === 'photo' ? (
                  <>
                    {coverPhoto ? <img src={coverPhoto} alt={t('form.cover')} style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 6 }} data-testid="content-cover-preview" /> : null}
                    <Button icon={<PictureOutlined />} onClick={() => setImageFor('cover')} data-testid="content-cover-choose">
                      {coverPhoto ? t('form.changeCover') : t('form.chooseCover')}
                    </Button>
                  </>
                ) : (
                  <>
                    {coverVideo ? (
                      <Flex gap={6} align="center" wrap>
                        <VideoCameraOutlined />
                        <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                          {coverVideo.name}
                        </Typography.Text>
                        <Tag>{t(`video.layouts.${coverLayout}`)}</Tag>
                      </Flex>
                    ) : null}
                    <Button icon={<VideoCameraOutlined />} onClick={() => setPickerFor('cover')} data-testid="content-cover-video">
                      {t('form.chooseVideo')}
                    </Button>
                  </>
                )}
                {problem('cover')}
              </Flex>
            ) : (
              <Flex vertical gap={8}>
                {video ? (
                  <Flex gap={6} align="center" wrap data-testid="content-video-chosen">
                    <VideoCameraOutlined />
                    <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                      {video.name}
                    </Typography.Text>
                    {video.size !== null ? <Typography.Text type="secondary">{t('video.sizeMb', { size: formatMb(video.size) })}</Typography.Text> : null}
                  </Flex>
                ) : null}
                <Button icon={<VideoCameraOutlined />} onClick={() => setPickerFor('video')} data-testid="content-video-choose">
                  {t('form.chooseVideo')}
                </Button>
                {problem('videoId')}
                <Typography.Text strong>{t('form.thumb')}</Typography.Text>
                {thumb ? <img src={thumb} alt={t('form.thumb')} style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 6 }} /> : null}
                <Button icon={<PictureOutlined />} onClick={() => setImageFor('thumb')} data-testid="content-thumb-choose">
                  {thumb ? t('form.changeCover') : t('form.chooseCover')}
                </Button>
                {problem('avatar')}
              </Flex>
            )}
          </Card>
          <Card size="small" style={{ marginBottom: 16 }} title={t('form.oas')}>
            <Form.Item name="zaloOAIds" rules={[{ required: true, type: 'array', min: 1, message: t('form.oaRequired') }]} style={{ marginBottom: team ? 16 : 0 }}>
              <OaChoice oas={oas} />
            </Form.Item>
            {team ? (
              <Form.Item name="teamId" label={t('form.team')} rules={[{ required: team.required, message: t('form.teamRequired') }]} style={{ marginBottom: 0 }}>
                {team.select}
              </Form.Item>
            ) : null}
          </Card>
          <Flex gap={8} wrap justify="end">
            <Button onClick={() => void navigate(-1)}>{t('common:cancel')}</Button>
            <Button htmlType="submit" loading={save.isPending} data-testid="content-save-draft">
              {t('form.saveDraft')}
            </Button>
            <Button type="primary" loading={save.isPending} onClick={() => run(true)} data-testid="content-submit">
              {t('form.submit')}
            </Button>
          </Flex>
        </Col>
      </Row>
      <ImageDialog
        open={imageFor !== null}
        title={imageFor === 'thumb' ? t('form.thumb') : t('form.cover')}
        initialUrl={imageFor === 'thumb' ? thumb : coverPhoto}
        wide
        onClose={() => setImageFor(null)}
        onSave={({ url }) => {
          if (imageFor === 'thumb') setThumb(url);
          else setCoverPhoto(url);
          setProblems((p) => ({ ...p, cover: '', avatar: '' }));
          setImageFor(null);
        }}
      />
      <VideoPickerModal
        open={pickerFor !== null}
        tenantId={tenantId}
        zaloOAIds={zaloOAIds}
        preview={pickerFor === 'cover'}
        value={pickerFor === 'cover' ? (coverVideo?.key ?? null) : (video?.key ?? null)}
        layout={coverLayout}
        onClose={() => setPickerFor(null)}
        onOk={(item, layout) => {
          const choice = { key: item.key, name: item.videoName, size: item.videoSize, url: item.videoUrl };
          if (pickerFor === 'cover') {
            setCoverVideo(choice);
            setCoverLayout(layout);
          } else setVideo(choice);
          setProblems((p) => ({ ...p, cover: '', videoId: '' }));
          setPickerFor(null);
        }}
      />
    </Form>
  );
}
