import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { LIMITS } from '@zc/shared/limits';
import type { InvitationPreview } from '@zc/shared/api/organisation';
import { AuthLayout } from '../../components/auth-layout';
import { AuthAlert } from '../../components/auth-alert';
import { AuthField, AuthFormRoot, minLength, required, requiredTrimmed, useAuthForm } from '../../components/auth-form';
import { isSignedIn, readSession, writeSession } from '../../lib/session';
import { useInvitationPreview } from '../../features/invitations/api/preview-invitation';
import { useSignedInEmail } from '../../features/invitations/api/get-signed-in-email';
import { useAcceptInvitationByToken } from '../../features/invitations/api/accept-invitation-token';
import { useAcceptInvitationWithPassword } from '../../features/invitations/api/accept-invitation-with-password';
import { useDeclineInvitationByToken } from '../../features/invitations/api/decline-invitation-token';
import { MyInvitations } from '../../features/invitations/components/my-invitations';
import { ReceivedInvitationSummary } from '../../features/invitations/components/received-invitation-summary';
import { useLogout } from '../../lib/logout';
import { useErrorText } from '../../lib/error-text';

/**
 * Lands in the organisation just joined: it becomes the remembered one, then the usual sign-in
 * routing applies (an end user goes to their tenant).
 */
async function enterOrganisation(merchantId: string, session: { accessToken: string; refreshToken: string; user: { id: string } }, queryClient: QueryClient): Promise<string> {
  writeSession({ merchantId, tenantId: null });
  const { completeSignIn } = await import('../complete-sign-in');
  return completeSignIn(session, queryClient);
}

function currentSession(): { accessToken: string; refreshToken: string; user: { id: string } } | null {
  const accessToken = readSession('accessToken');
  const refreshToken = readSession('refreshToken');
  const userId = readSession('userId');
  return accessToken && refreshToken && userId ? { accessToken, refreshToken, user: { id: userId } } : null;
}

/**
 * /invitation: with `?token=` the mailed link (accept signed in, with the account's password, or
 * by creating the account; or decline); without, the signed-in person's pending invitations.
 * Outside the shell, so that a person without any organisation can use it.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <TokenInvitation token={token} />;
  if (!isSignedIn()) return <Navigate to={`/login?next=${encodeURIComponent('/invitation')}`} replace />;
  return <SignedInInvitations />;
}

function SignedInInvitations() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [failure, setFailure] = useState<string | null>(null);
  const errorText = useErrorText();
  return (
    <AuthLayout title={t('mine.title')}>
      {failure ? <AuthAlert type="error">{failure}</AuthAlert> : null}
      <MyInvitations
        onAccepted={async (accepted) => {
          const session = currentSession();
          if (!session) return void navigate('/login', { replace: true });
          try {
            void navigate(await enterOrganisation(accepted.merchantId, session, queryClient), { replace: true });
          } catch (error) {
            setFailure(errorText(error));
          }
        }}
      />
      <p style={{ display: 'flex', justifyContent: 'space-between', marginTop: 24, marginBottom: 0 }}>
        <Link to="/dashboard">{t('invitationPage.toConsole')}</Link>
        <a
          href="/login"
          onClick={(e) => {
            e.preventDefault();
            logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
          }}
        >
          {t('invitationPage.signOut')}
        </a>
      </p>
    </AuthLayout>
  );
}

function TokenInvitation({ token }: { token: string }) {
  const { t } = useTranslation('users');
  const errorText = useErrorText();
  const preview = useInvitationPreview(token);
  const signedIn = useSignedInEmail();
  const [declined, setDeclined] = useState(false);

  if (preview.isPending || signedIn.isPending) {
    return (
      <AuthLayout title={t('invitationPage.title')}>
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      </AuthLayout>
    );
  }
  if (preview.isError) {
    return (
      <AuthLayout title={t('invitationPage.title')}>
        <AuthAlert type="error" testId="invitation-error">
          {errorText(preview.error)}
        </AuthAlert>
        <Link to="/login">{t('invitationPage.backToLogin')}</Link>
      </AuthLayout>
    );
  }
  if (declined) {
    return (
      <AuthLayout title={t('invitationPage.title')}>
        <AuthAlert type="success" testId="invitation-declined">
          {t('invitationPage.declined')}
        </AuthAlert>
        <Link to="/login">{t('invitationPage.backToLogin')}</Link>
      </AuthLayout>
    );
  }
  const invitation = preview.data;
  const signedInEmail = signedIn.data ?? null;
  return (
    <AuthLayout title={t('invitationPage.title')} subtitle={t('invitationPage.sentTo', { email: invitation.email })}>
      <div style={{ marginBottom: 24 }}>
        <ReceivedInvitationSummary invitation={invitation} />
      </div>
      {signedInEmail === invitation.email ? (
        <SignedInAccept token={token} />
      ) : (
        <>
          {signedInEmail ? <p style={{ marginTop: 0 }}>{t('invitationPage.otherAccount', { signed: signedInEmail, email: invitation.email })}</p> : null}
          <PasswordAccept token={token} invitation={invitation} />
        </>
      )}
      <DeclineByToken token={token} merchantName={invitation.merchant.name} onDeclined={() => setDeclined(true)} />
    </AuthLayout>
  );
}

function SignedInAccept({ token }: { token: string }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitationByToken();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  return (
    <>
      {failure ? <AuthAlert type="error">{failure}</AuthAlert> : null}
      <Button
        type="primary"
        block
        size="large"
        autoFocus
        loading={accept.isPending || finishing}
        data-testid="invitation-accept"
        onClick={async () => {
          setFailure(null);
          try {
            const accepted = await accept.mutateAsync(token);
            const session = currentSession();
            if (!session) return void navigate('/login', { replace: true });
            setFinishing(true);
            void navigate(await enterOrganisation(accepted.merchantId, session, queryClient), { replace: true });
          } catch (error) {
            setFinishing(false);
            setFailure(errorText(error));
          }
        }}
      >
        {t('invitationPage.accept')}
      </Button>
    </>
  );
}

interface PasswordValues extends Record<string, string> {
  displayName: string;
  password: string;
  confirm: string;
}

/** Accept without a session: the account's password, or a new account's name and password. */
function PasswordAccept({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation('users');
  const { t: ta } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitationWithPassword();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const isNew = !invitation.hasAccount;
  const form = useAuthForm<PasswordValues>({
    initial: { displayName: '', password: '', confirm: '' },
    rules: {
      displayName: [isNew && requiredTrimmed(ta('validation.displayNameRequired'))],
      password: [required(ta('validation.passwordRequired')), isNew && minLength(LIMITS.passwordMin, ta('validation.passwordMin', { count: LIMITS.passwordMin }))],
      confirm: [isNew && required(ta('validation.confirmRequired')), isNew && ((value, values) => (value && values.password !== value ? ta('validation.confirmMismatch') : undefined))],
    },
    dependencies: { confirm: ['password'] },
  });
  const busy = accept.isPending || finishing;
  return (
    <>
      <p style={{ marginTop: 0, color: 'rgba(0,0,0,0.65)' }}>{isNew ? t('invitationPage.newHint') : t('invitationPage.existingHint', { email: invitation.email })}</p>
      {failure ? (
        <AuthAlert type="error" testId="invitation-accept-error">
          {failure}
        </AuthAlert>
      ) : null}
      <AuthFormRoot
        disabled={busy}
        onSubmit={form.handleSubmit(async (values) => {
          setFailure(null);
          try {
            const result = await accept.mutateAsync({ token, password: values.password, displayName: isNew ? values.displayName.trim() : undefined });
            setFinishing(true);
            void navigate(await enterOrganisation(result.merchantId, result, queryClient), { replace: true });
          } catch (error) {
            setFinishing(false);
            if (!form.applyServerErrors(error)) setFailure(errorText(error));
          }
        })}
      >
        {/* The address the account will use, for password managers. */}
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        {isNew ? (
          <AuthField name="displayName" label={ta('fields.displayName')} error={form.errors.displayName}>
            <Input {...form.input('displayName')} autoComplete="name" autoFocus maxLength={LIMITS.displayNameMax} />
          </AuthField>
        ) : null}
        <AuthField name="password" label={ta('fields.password')} error={form.errors.password}>
          <Password {...form.input('password')} autoComplete={isNew ? 'new-password' : 'current-password'} autoFocus={!isNew} maxLength={LIMITS.passwordMax} />
        </AuthField>
        {isNew ? (
          <AuthField name="confirm" label={ta('fields.confirmPassword')} error={form.errors.confirm}>
            <Password {...form.input('confirm')} autoComplete="new-password" maxLength={LIMITS.passwordMax} />
          </AuthField>
        ) : null}
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="invitation-accept">
          {isNew ? t('invitationPage.createAccept') : t('invitationPage.signInAccept')}
        </Button>
        {isNew ? null : (
          <p style={{ textAlign: 'right', marginTop: 8, marginBottom: 0 }}>
            <Link to="/forgot-password">{t('invitationPage.forgot')}</Link>
          </p>
        )}
      </AuthFormRoot>
    </>
  );
}

/** Decline asks once more in place: the confirm button takes the focus, Escape or Cancel step back. */
function DeclineByToken({ token, merchantName, onDeclined }: { token: string; merchantName: string; onDeclined: () => void }) {
  const { t } = useTranslation('users');
  const decline = useDeclineInvitationByToken();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div style={{ marginTop: 16 }}>
      {failure ? <AuthAlert type="error">{failure}</AuthAlert> : null}
      {confirming ? (
        <div
          role="group"
          aria-label={t('mine.declineTitle')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setConfirming(false);
          }}
          style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <span style={{ flex: '1 1 100%' }}>{t('mine.declineText', { name: merchantName })}</span>
          <Button
            danger
            autoFocus
            loading={decline.isPending}
            data-testid="invitation-decline-confirm"
            onClick={async () => {
              setFailure(null);
              try {
                await decline.mutateAsync(token);
                onDeclined();
              } catch (error) {
                setFailure(errorText(error));
              }
            }}
          >
            {t('mine.decline')}
          </Button>
          <Button onClick={() => setConfirming(false)}>{t('common:cancel')}</Button>
        </div>
      ) : (
        <Button block onClick={() => setConfirming(true)} data-testid="invitation-decline">
          {t('mine.decline')}
        </Button>
      )}
    </div>
  );
}
