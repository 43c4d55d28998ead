import { useTranslation } from 'react-i18next';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Popover from 'antd/es/popover';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { BROADCAST_MAX_CONTENTS } from '@zc/shared/api/broadcasts';
import type { OaContent } from '@zc/shared/api/oa-content';
import type { ZaloOa } from '@zc/shared/api/zalo-oa';
import { formatDateTime } from '../../../lib/formatters';
import { usePublishedContents } from '../api/broadcasts';

/** A picked content as the composer keeps it. */
export interface PickedContent {
  id: string;
  title: string;
  cover: string | null;
  description: string;
}
export const pickedOf = (c: OaContent): PickedContent => ({ id: c.id, title: c.title, cover: c.cover?.photo_url ?? c.avatar ?? null, description: c.description });

/** §5 OA selection in a popover of checkboxes: at least one; the last checked (or the only OA) cannot be unchecked. */
export function OaPopover({ oas, value, onChange }: { oas: readonly ZaloOa[]; value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('broadcasts');
  const content = (
    <Checkbox.Group value={value} onChange={(ids) => ids.length > 0 && onChange(ids)}>
      <Flex vertical gap={8}>
        {oas.map((oa) => {
          const locked = oas.length === 1 || (value.length === 1 && value[0] === oa.id);
          return (
            <Checkbox key={oa.id} value={oa.id} disabled={locked && value.includes(oa.id)} data-testid={`broadcast-oa-${oa.id}`}>
              <Flex gap={6} align="center">
                <Avatar size={20} src={oa.zaloOAvatar ?? undefined}>
                  {oa.name.slice(0, 1)}
                </Avatar>
                {oa.name}
              </Flex>
            </Checkbox>
          );
        })}
      </Flex>
    </Checkbox.Group>
  );
  return (
    <Popover content={content} trigger="click" title={t('picker.oas')}>
      <Button data-testid="broadcast-oa-button">{t('picker.oasChosen', { count: value.length })}</Button>
    </Popover>
  );
}

/** §2.6: published posts or videos of the chosen OAs, select/deselect, at most 5 (others disabled with a tooltip), cancel clears. */
export function ContentPicker({
  tenantId,
  oaIds,
  type,
  onType,
  selected,
  onChange,
}: {
  tenantId: string;
  oaIds: string[];
  type: 'post' | 'video';
  onType: (t: 'post' | 'video') => void;
  selected: PickedContent[];
  onChange: (next: PickedContent[]) => void;
}) {
  const { t } = useTranslation('broadcasts');
  const list = usePublishedContents(tenantId, type, oaIds, true);
  const full = selected.length >= BROADCAST_MAX_CONTENTS;
  const isSelected = (id: string) => selected.some((s) => s.id === id);
  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Tabs activeKey={type} onChange={(k) => onType(k as 'post' | 'video')} items={[{ key: 'post', label: t('tabs.post') }, { key: 'video', label: t('tabs.video') }]} />
        <Button onClick={() => onChange([])} disabled={selected.length === 0} data-testid="picker-cancel">
          {t('picker.clear')}
        </Button>
      </Flex>
      <Table<OaContent>
        rowKey="id"
        size="small"
        data-testid="broadcast-picker"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        pagination={{ pageSize: 100, hideOnSinglePage: true }}
        scroll={{ x: 'max-content', y: 360 }}
        locale={{ emptyText: t('picker.empty') }}
        columns={[
          {
            key: 'title',
            title: t('fields.name'),
            render: (_, c) => (
              <Flex gap={8} align="center">
                <Avatar shape="square" size={36} src={c.cover?.photo_url ?? c.avatar ?? undefined}>
                  {c.title.slice(0, 1)}
                </Avatar>
                <Typography.Text ellipsis style={{ maxWidth: 260 }}>
                  {c.title}
                </Typography.Text>
              </Flex>
            ),
          },
          { key: 'createdAt', title: t('fields.createdAt'), render: (_, c) => formatDateTime(c.createdAt) },
          {
            key: 'pick',
            title: '',
            render: (_, c) => {
              if (isSelected(c.id))
                return (
                  <Button size="small" onClick={() => onChange(selected.filter((s) => s.id !== c.id))} data-testid={`picker-remove-${c.id}`}>
                    {t('picker.deselect')}
                  </Button>
                );
              const button = (
                <Button size="small" type="primary" disabled={full} onClick={() => onChange([...selected, pickedOf(c)])} data-testid={`picker-add-${c.id}`}>
                  {t('picker.select')}
                </Button>
              );
              return full ? <Tooltip title={t('picker.max', { max: BROADCAST_MAX_CONTENTS })}>{button}</Tooltip> : button;
            },
          },
        ]}
      />
    </div>
  );
}
