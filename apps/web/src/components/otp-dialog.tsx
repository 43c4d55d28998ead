import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Alert from 'antd/es/alert';
import Typography from 'antd/es/typography';
import Space from 'antd/es/space';
import { ApiError, apiRequest, type DataResponse } from '../lib/api-client';
import { useErrorText } from '../lib/error-text';
import {
  canSubmitOtp,
  classifyOtpError,
  isSendDue,
  OTP_DIALOG_WIDTH,
  OTP_LENGTH,
  OTP_RESEND_GUARD_SECONDS,
  sanitizeOtp,
  secondsLeft,
  sendNotice,
  sendStateAfter,
  sentState,
  splitWait,
  type OtpFailure,
  type OtpSendState,
} from './otp-logic';

export type OtpPurpose = 'API_KEY' | 'GENERIC';

/** POST auth/otp/generate: mails a code, answers its `ttl` in seconds. */
export async function generateOtp(purpose: OtpPurpose): Promise<{ ttl: number }> {
  return (await apiRequest<DataResponse<{ ttl: number }>>('auth/otp/generate', { method: 'POST', body: { purpose } })).data;
}

function failureOf(error: unknown): OtpFailure {
  if (error instanceof ApiError) {
    const retry = error.body?.error.details?.retryAfterSeconds;
    return classifyOtpError(error.message, error.code, typeof retry === 'number' ? retry : undefined);
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

/** Ticks once per second while `active`, returning Date.now(). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

export interface OtpDialogProps {
  open: boolean;
  title: ReactNode;
  /** What the code confirms, shown above the input. */
  description?: ReactNode;
  purpose?: OtpPurpose;
  okText?: ReactNode;
  /** Sends the code with the action; reject with the server's ApiError to show the §8 handling. */
  onSubmit: (otp: string) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * §4/§8/§9 OTP dialog: width 400, a code is requested on open; 6 digits, submit only at exactly 6;
 * the TTL counts down each second and shows 'expired' at zero (input disabled); the lockout
 * message shows its wait as minutes and seconds and locks input until it has run out; 'OTP is
 * incorrect' clears the field; re-request guarded 5 s. What it says about the code follows the
 * server's answer: "sent" only after the request succeeded; a 429 'Please try again after N'
 * (another code went out seconds ago, no mail now) counts down and then sends by itself.
 */
export function OtpDialog({ open, title, description, purpose = 'API_KEY', okText, onSubmit, onCancel }: OtpDialogProps) {
  const { t } = useTranslation('components');
  const errorText = useErrorText();
  const [form] = Form.useForm<{ otp: string }>();
  const otp = Form.useWatch('otp', form) ?? '';
  const [send, setSend] = useState<OtpSendState>({ kind: 'sending' });
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const inputRef = useRef<{ focus: () => void } | null>(null);
  const now = useNow(open);

  const expiresAt = send.kind === 'sent' ? send.expiresAt : null;
  const ttlLeft = secondsLeft(expiresAt, now);
  const lockLeft = Math.max(secondsLeft(lockedUntil, now), send.kind === 'locked' ? secondsLeft(send.until, now) : 0);
  const isExpired = expired || (expiresAt !== null && ttlLeft === 0);
  const isLocked = lockLeft > 0;
  const inputDisabled = send.kind !== 'sent' || isExpired || isLocked;
  const resendLeft = secondsLeft(resendAt, now);

  const applyFailure = useCallback(
    (failure: OtpFailure, error: unknown) => {
      switch (failure.kind) {
        case 'locked':
          setLockedUntil(Date.now() + failure.seconds * 1000);
          setError(null);
          form.setFieldValue('otp', '');
          break;
        case 'tooSoon':
          setSend(sendStateAfter(failure, Date.now()));
          setError(null);
          break;
        case 'incorrect':
          form.setFieldValue('otp', '');
          setError(t('errors:OTP_INCORRECT'));
          inputRef.current?.focus();
          break;
        case 'expired':
          setExpired(true);
          setError(null);
          break;
        case 'required':
          setError(t('errors:OTP_REQUIRED'));
          break;
        default:
          setError(errorText(error));
      }
    },
    [form, t, errorText],
  );

  const request = useCallback(async () => {
    setSend({ kind: 'sending' });
    setError(null);
    // §9: re-requesting is guarded for 5 seconds from the last attempt.
    setResendAt(Date.now() + OTP_RESEND_GUARD_SECONDS * 1000);
    try {
      const { ttl } = await generateOtp(purpose);
      setSend(sentState(ttl, Date.now()));
      setExpired(false);
      form.setFieldValue('otp', '');
      inputRef.current?.focus();
    } catch (e) {
      const failure = failureOf(e);
      setSend(sendStateAfter(failure, Date.now()));
      if (failure.kind === 'locked') setLockedUntil(null);
      else if (failure.kind !== 'tooSoon') setError(errorText(e));
    }
  }, [purpose, form, errorText]);

  // One code per opening (StrictMode's double effect must not trip the server's 5 s guard).
  const openedRef = useRef(false);
  useEffect(() => {
    if (!open) {
      openedRef.current = false;
      return;
    }
    if (openedRef.current) return;
    openedRef.current = true;
    setLockedUntil(null);
    setExpired(false);
    setError(null);
    form.resetFields();
    void request();
    // Only when the dialog opens: a new code per opening.
  }, [open]);

  // The server refused within its guard: send by ourselves once the wait is over.
  useEffect(() => {
    if (open && isSendDue(send, now)) void request();
  }, [open, send, now, request]);

  const submit = async ({ otp: value }: { otp: string }) => {
    if (!canSubmitOtp(value) || inputDisabled) return;
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit(value);
    } catch (e) {
      applyFailure(failureOf(e), e);
    } finally {
      setSubmitting(false);
    }
  };

  const wait = splitWait(lockLeft);
  const notice = sendNotice(send, now);
  const requesting = send.kind === 'sending';

  return (
    <Modal
      open={open}
      width={OTP_DIALOG_WIDTH}
      title={title}
      onCancel={onCancel}
      destroyOnHidden
      maskClosable={false}
      data-testid="otp-dialog"
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('common:cancel')}
        </Button>,
        <Button key="ok" type="primary" data-testid="otp-submit" loading={submitting} disabled={!canSubmitOtp(otp) || inputDisabled} onClick={() => form.submit()}>
          {okText ?? t('otp.submit')}
        </Button>,
      ]}
    >
      {description ? <div style={{ marginBottom: 12 }}>{description}</div> : null}
      {isLocked ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="otp-locked"
          title={t('errors:OTP_MAX_ATTEMPTS')}
          description={t('otp.lockedFor', { minutes: wait.minutes, seconds: wait.seconds })}
        />
      ) : send.kind === 'waiting' ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} data-testid="otp-too-soon" title={t(notice.key, { seconds: notice.seconds })} aria-live="polite" />
      ) : (
        <Typography.Paragraph type={send.kind === 'failed' ? 'danger' : 'secondary'} style={{ marginBottom: 12 }} data-testid="otp-notice" data-state={send.kind} aria-live="polite">
          {t(notice.key)}
        </Typography.Paragraph>
      )}
      {error ? <Alert type="error" showIcon style={{ marginBottom: 12 }} data-testid="otp-error" title={error} /> : null}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ otp: '' }}>
        <Form.Item
          name="otp"
          label={t('otp.label')}
          getValueFromEvent={(event: { target: { value: string } }) => sanitizeOtp(event.target.value)}
          rules={[
            { required: true, message: t('otp.inputRequired') },
            { len: OTP_LENGTH, message: t('otp.length', { count: OTP_LENGTH }) },
          ]}
          extra={
            <span data-testid="otp-ttl" aria-live="polite">
              {isExpired ? <Typography.Text type="danger">{t('otp.expired')}</Typography.Text> : expiresAt !== null ? t('otp.expiresIn', { seconds: ttlLeft }) : null}
            </span>
          }
        >
          <Input
            ref={(el) => {
              inputRef.current = el;
            }}
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            disabled={inputDisabled}
            placeholder={'0'.repeat(OTP_LENGTH)}
            data-testid="otp-input"
            style={{ letterSpacing: 8, fontFamily: 'monospace', fontSize: 18 }}
          />
        </Form.Item>
      </Form>
      <Space>
        <Button
          type="link"
          style={{ padding: 0 }}
          data-testid="otp-resend"
          disabled={resendLeft > 0 || requesting || isLocked || send.kind === 'waiting'}
          loading={requesting}
          onClick={() => void request()}
        >
          {resendLeft > 0 ? t('otp.resendIn', { seconds: resendLeft }) : t('otp.resend')}
        </Button>
      </Space>
    </Modal>
  );
}
