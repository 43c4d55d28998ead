import Avatar from 'antd/es/avatar';
import Tooltip from 'antd/es/tooltip';
import type { OaRef } from '@zc/shared/api/oa-content';

/** The content's OAs as an avatar group; §9 the group shows 2, the rest as +N. */
export function OaAvatars({ oas, size = 28 }: { oas: readonly OaRef[]; size?: number }) {
  return (
    <Avatar.Group max={{ count: 2 }} size={size}>
      {oas.map((oa) => (
        <Tooltip key={oa.id} title={oa.name}>
          <Avatar src={oa.zaloOAvatar ?? undefined} alt={oa.name}>
            {oa.name.slice(0, 1).toUpperCase()}
          </Avatar>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
