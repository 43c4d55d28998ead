import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Upload from 'antd/es/upload';
import Avatar from 'antd/es/avatar';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { LIMITS } from '@zc/shared/limits';
import type { Team } from '@zc/shared/api/teams';
import { useCreateTeam, useUpdateTeam } from '../api/save-team';
import { useUploadTeamAvatar } from '../api/upload-team-avatar';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useErrorText } from '../../../lib/error-text';

const NAME_MAX = 100;
const MB = 1048576;

interface FormValues {
  name: string;
  znsDailyQuota: number | null;
  oaDailyQuota: number | null;
}

/** The i18n key of what is wrong with a chosen avatar (JPG/PNG, ≤ 5 MB), or null. */
export function teamAvatarProblem(file: { type: string; size: number; name: string }): 'imageType' | 'imageSize' | null {
  if (!['image/jpeg', 'image/png'].includes(file.type) && !/\.(jpe?g|png)$/i.test(file.name)) return 'imageType';
  if (file.size > LIMITS.uploadMaxBytes) return 'imageSize';
  return null;
}

/** Create or edit a team: name, avatar (uploaded at once, saved with the team) and daily quotas (empty: no cap). */
export function TeamFormDialog({ open, team, onClose }: { open: boolean; team: Team | null; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const upload = useUploadTeamAvatar();
  const [avatar, setAvatar] = useState<string | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const shownAvatar = avatar === undefined ? (team?.avatar ?? null) : avatar;

  const close = () => {
    form.resetFields();
    setAvatar(undefined);
    setFailure(null);
    onClose();
  };

  const onFile = async (file: File) => {
    const problem = teamAvatarProblem(file);
    if (problem) {
      setFailure(t(`form.${problem}`, { count: LIMITS.uploadMaxBytes / MB }));
      return;
    }
    setFailure(null);
    try {
      setAvatar((await upload.mutateAsync(file)).avatar);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const onFinish = async (values: FormValues) => {
    setFailure(null);
    const body = {
      name: values.name.trim(),
      znsDailyQuota: values.znsDailyQuota ?? null,
      oaDailyQuota: values.oaDailyQuota ?? null,
      ...(avatar !== undefined ? { avatar } : {}),
    };
    try {
      if (team) await update.mutateAsync({ id: team.id, ...body });
      else await create.mutateAsync(body);
      void message.success(team ? t('form.updated') : t('form.created'));
      close();
    } catch (error) {
      if (applyFieldErrors(form, error, ['name', 'znsDailyQuota', 'oaDailyQuota'])) return;
      setFailure(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={team ? t('form.editTitle') : t('form.createTitle')}
      onCancel={close}
      destroyOnHidden
      okText={team ? t('form.save') : t('form.create')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ disabled: upload.isPending, 'data-testid': 'team-form-submit' } as never}
      onOk={() => form.submit()}
      data-testid="team-form-dialog"
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ name: team?.name ?? '', znsDailyQuota: team?.znsDailyQuota ?? null, oaDailyQuota: team?.oaDailyQuota ?? null }}
      >
        <Form.Item label={t('fields.avatar')} extra={t('form.avatarHint', { count: LIMITS.uploadMaxBytes / MB })}>
          <Space wrap>
            <Avatar size={48} src={shownAvatar ?? undefined} icon={<TeamOutlined />} />
            <Upload
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              showUploadList={false}
              beforeUpload={(file) => {
                void onFile(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="team-avatar-upload">
                {t('form.chooseAvatar')}
              </Button>
            </Upload>
            {shownAvatar ? (
              <Button type="link" onClick={() => setAvatar(null)}>
                {t('form.removeAvatar')}
              </Button>
            ) : null}
          </Space>
        </Form.Item>
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            { max: NAME_MAX, message: t('components:validation.max', { count: NAME_MAX }) },
          ]}
        >
          <Input autoFocus maxLength={NAME_MAX} showCount data-testid="team-name" />
        </Form.Item>
        <Form.Item name="znsDailyQuota" label={t('fields.znsDailyQuota')} extra={t('form.quotaHint')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} placeholder={t('quota.unlimited')} data-testid="team-zns-quota" />
        </Form.Item>
        <Form.Item name="oaDailyQuota" label={t('fields.oaDailyQuota')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} placeholder={t('quota.unlimited')} data-testid="team-oa-quota" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
