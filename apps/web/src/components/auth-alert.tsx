import type { ReactNode } from 'react';
import { useToken } from 'antd/es/theme/internal';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';

/**
 * The one-line success / error banner of the public pages, drawn like antd `<Alert showIcon>` from
 * the theme tokens; antd Alert would bring its motion, close button and four status icons into the
 * login route's first load for one line of text.
 */
export function AuthAlert({ type, children, testId }: { type: 'success' | 'error'; children: ReactNode; testId?: string }) {
  const [, token] = useToken();
  const error = type === 'error';
  const Icon = error ? CloseCircleFilled : CheckCircleFilled;
  return (
    <div
      role="alert"
      data-testid={testId}
      style={{
        display: 'flex',
        alignItems: 'center',
        padding: `${token.paddingContentVerticalSM}px 12px`,
        marginBottom: 16,
        borderRadius: token.borderRadiusLG,
        border: `${token.lineWidth}px ${token.lineType} ${error ? token.colorErrorBorder : token.colorSuccessBorder}`,
        background: error ? token.colorErrorBg : token.colorSuccessBg,
        color: token.colorTextHeading,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        overflowWrap: 'break-word',
      }}
    >
      <Icon style={{ color: error ? token.colorError : token.colorSuccess, marginInlineEnd: token.marginXS, lineHeight: 0 }} />
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </div>
  );
}
