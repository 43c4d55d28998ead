import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import Avatar from 'antd/es/avatar';
import Space from 'antd/es/space';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { GiftCodeStatus } from '@zc/shared/api/zma';
import type { GiftCode } from '@zc/shared/api/zma-loyalty';
import { CODE_STATUS_COLOR } from '../code-status';

/** A §3 gift code status as a coloured tag. */
export function CodeStatusTag({ status }: { status: GiftCodeStatus }) {
  const { t } = useTranslation('zma-loyalty');
  return (
    <Tag color={CODE_STATUS_COLOR[status]} data-testid={`code-status-${status}`}>
      {t(`codeStatus.${status}`)}
    </Tag>
  );
}

/** The customer a code was given to: avatar, name and phone (— when not given yet). */
export function CodeCustomer({ user }: { user: GiftCode['zmaUser'] }) {
  if (!user) return <span>—</span>;
  return (
    <Space size={8}>
      <Avatar size="small" src={user.avatar ?? undefined} icon={<UserOutlined />} />
      <div style={{ lineHeight: 1.3 }}>
        <div>{user.name}</div>
        {user.phone ? <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{user.phone}</div> : null}
      </div>
    </Space>
  );
}

/** The gift or voucher a code belongs to (§3 zmaGiftItem.name / zmaGiftVoucher.name). */
export function codeGiftName(code: Pick<GiftCode, 'zmaGiftItem' | 'zmaGiftVoucher'>): string {
  return code.zmaGiftVoucher?.name ?? code.zmaGiftItem?.name ?? '—';
}
