import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import { STATUS_DISPLAY_COLOURS, statusDisplay } from './approver-timeline-model';

/** A task's status under the §4 display mapping (approved green, declined red, pending gold). */
export function TaskStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('tasks');
  const display = statusDisplay(status);
  return (
    <Tag color={STATUS_DISPLAY_COLOURS[display]} data-status={status}>
      {t(`statusDisplay.${display}`)}
    </Tag>
  );
}
