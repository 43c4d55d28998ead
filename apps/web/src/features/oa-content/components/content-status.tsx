import { useTranslation } from 'react-i18next';
import Avatar from 'antd/es/avatar';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { OaContent, OaContentStatus, OaPublishState } from '../api/types';

/** §4 status display mapping: published → approved (green), disapproval → declined (red), approval → pending (gold), draft → hidden. */
export const CONTENT_STATUS_COLOURS: Record<OaContentStatus, string> = { draft: 'default', approval: 'gold', disapproval: 'red', published: 'green' };

export const PUBLISH_STATE_COLOURS: Record<OaPublishState, string> = { PENDING: 'default', CREATING: 'processing', VERIFYING: 'processing', PUBLISHED: 'success', FAILED: 'error' };

/** The status tag, with the next approver's avatar while in approval (§2.7). */
export function ContentStatusTag({ content }: { content: Pick<OaContent, 'status' | 'userNextApproval'> }) {
  const { t } = useTranslation('oa-content');
  const tag = (
    <Tag color={CONTENT_STATUS_COLOURS[content.status]} style={{ marginInlineEnd: 0 }} data-testid="content-status">
      {t(`status.${content.status}`)}
    </Tag>
  );
  const next = content.status === 'approval' ? content.userNextApproval : null;
  if (!next) return tag;
  return (
    <Space size={4}>
      {tag}
      <Tooltip title={t('nextApprover', { name: next.displayName || next.email })}>
        <Avatar size={22} src={next.avatar ?? undefined} icon={<UserOutlined />} alt={next.displayName || next.email} />
      </Tooltip>
    </Space>
  );
}

/** One OA's publishing state (§2.8), Zalo's message when it failed or is retrying. */
export function PublishStateTag({ state, error }: { state: OaPublishState; error: string | null }) {
  const { t } = useTranslation('oa-content');
  const tag = (
    <Tag color={PUBLISH_STATE_COLOURS[state]} data-testid="publish-state">
      {t(`publish.${state}`)}
    </Tag>
  );
  return error ? <Tooltip title={error}>{tag}</Tooltip> : tag;
}
