import Space from 'antd/es/space';
import Avatar from 'antd/es/avatar';
import UserOutlined from '@ant-design/icons/UserOutlined';

/** A person in a table cell: avatar, display name (or —) and email underneath. */
export function UserCell({ user }: { user: { avatar?: string | null; displayName?: string | null; email: string } }) {
  return (
    <Space>
      <Avatar src={user.avatar ?? undefined} icon={<UserOutlined />} />
      <div>
        <div style={{ fontWeight: 500 }}>{user.displayName || '—'}</div>
        <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{user.email}</div>
      </div>
    </Space>
  );
}
