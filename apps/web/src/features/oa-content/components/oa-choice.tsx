import Avatar from 'antd/es/avatar';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import type { ZaloOa } from '@zc/shared/api/zalo-oa';

/**
 * §5 OA selection: checkboxes of the tenant's OAs; when only one is available or only one is
 * selected it cannot be unchecked (the form item requires at least one).
 */
export function OaChoice({ oas, value = [], onChange, disabled }: { oas: readonly ZaloOa[]; value?: string[]; onChange?: (ids: string[]) => void; disabled?: boolean }) {
  return (
    <Checkbox.Group value={value} onChange={(ids) => onChange?.(ids)} disabled={disabled} style={{ width: '100%' }}>
      <Flex gap={12} wrap>
        {oas.map((oa) => {
          const locked = oas.length === 1 || (value.length === 1 && value[0] === oa.id);
          return (
            <Checkbox key={oa.id} value={oa.id} disabled={locked && value.includes(oa.id)} data-testid={`content-oa-${oa.id}`}>
              <Flex gap={6} align="center">
                <Avatar size={20} src={oa.zaloOAvatar ?? undefined}>
                  {oa.name.slice(0, 1).toUpperCase()}
                </Avatar>
                <span>{oa.name}</span>
              </Flex>
            </Checkbox>
          );
        })}
      </Flex>
    </Checkbox.Group>
  );
}
