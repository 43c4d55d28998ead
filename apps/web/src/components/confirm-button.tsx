import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Popconfirm from 'antd/es/popconfirm';
import Button from 'antd/es/button';
import type { ButtonProps } from 'antd/es/button';

/** A button that asks for confirmation before a destructive action. */
export function ConfirmButton({
  title,
  description,
  onConfirm,
  children,
  loading,
  ...button
}: Omit<ButtonProps, 'onClick' | 'title'> & { title: ReactNode; description?: ReactNode; onConfirm: () => void | Promise<unknown> }) {
  const { t } = useTranslation('common');
  return (
    <Popconfirm title={title} description={description} okText={t('confirm')} cancelText={t('cancel')} okButtonProps={{ danger: true, loading }} onConfirm={onConfirm}>
      <Button danger loading={loading} {...button}>
        {children}
      </Button>
    </Popconfirm>
  );
}
