import { useEffect, useState } from 'react';
import { Avatar, Box, Button, Header, Page, Text, useNavigate } from 'zmp-ui';
import { api } from '../api';
import { errorText } from '../errors';
import { useNotify } from '../notify';
import { formatDate, t } from '../i18n';
import { inviteLink, platform } from '../platform';
import { lookOf } from '../look';
import { useReadySession } from '../session';

/** Home: who the customer is, turns left per open draw, follow the OA, share the phone, invite friends. */
export function HomePage() {
  const { session, me, accessToken, patchCustomer } = useReadySession();
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState<'phone' | 'follow' | 'invite' | null>(null);
  // Shown when the browser refused the clipboard: the customer copies the link by hand.
  const [manualLink, setManualLink] = useState<string | null>(null);
  // The avatar only once it has loaded (Zalo's CDN may be out of reach): the initial until then.
  const [avatar, setAvatar] = useState<string | null>(null);
  useEffect(() => {
    if (!me.avatar) return;
    const img = new Image();
    img.onload = () => setAvatar(me.avatar);
    img.src = me.avatar;
    return () => {
      img.onload = null;
    };
  }, [me.avatar]);

  const sharePhone = async () => {
    setBusy('phone');
    try {
      const token = await platform.phoneToken(accessToken);
      const { phone } = await api.phone(token, accessToken);
      patchCustomer({ phone });
      notify.ok(t('phoneDone'));
    } catch (err) {
      notify.fail(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const follow = async () => {
    setBusy('follow');
    try {
      // Zalo's id of the linked OA; without one Zalo's follow dialog is skipped and only the server records it.
      await platform.followOA(session.miniApp.oaId, accessToken);
      await api.follow(true);
      patchCustomer({ isFollower: true });
      notify.ok(t('followDone'));
    } catch (err) {
      notify.fail(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const invite = async () => {
    setBusy('invite');
    try {
      const outcome = await platform.invite({ customerId: me.id, title: session.miniApp.name, description: t('inviteShareText'), thumbnail: session.miniApp.logo ?? me.avatar });
      if (outcome === 'copied') notify.ok(t('inviteCopied'));
      else if (outcome === 'shared') notify.ok(t('inviteShared'));
      else if (outcome === 'failed') setManualLink(inviteLink(me.id));
    } catch (err) {
      notify.fail(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const settings = session.miniApp.settings;
  const welcome = settings.welcomeText;
  return (
    <Page className="page">
      <Header title={session.miniApp.name} showBackIcon={false} />
      <Box className="card profile" data-testid="profile">
        <Avatar src={avatar ?? undefined} size={56}>
          {me.name.slice(0, 1)}
        </Avatar>
        <div className="profile-text">
          <Text size="small" className="muted">
            {t('hello')}
          </Text>
          <Text.Title size="large" data-testid="customer-name">
            {me.name}
          </Text.Title>
          {me.phone && (
            <Text size="small" className="muted" data-testid="customer-phone">
              {t('phoneShared')}: {me.phone}
            </Text>
          )}
        </div>
      </Box>
      {welcome && <Text className="welcome">{welcome}</Text>}

      <div className="actions">
        {me.isFollower ? (
          <Text size="small" className="badge" data-testid="followed">
            ✓ {t('followed')}
          </Text>
        ) : settings.followOaPrompt === false ? null : (
          <Button fullWidth variant="secondary" loading={busy === 'follow'} disabled={busy !== null} onClick={() => void follow()} data-testid="follow-oa">
            {t('followOa')}
          </Button>
        )}
        {!me.phone && settings.requirePhoneToPlay && (
          <Text size="small" className="muted" data-testid="phone-required">
            {t('phoneToPlay')}
          </Text>
        )}
        {!me.phone && (
          <Button fullWidth variant="secondary" loading={busy === 'phone'} disabled={busy !== null} onClick={() => void sharePhone()} data-testid="share-phone">
            {t('sharePhone')}
          </Button>
        )}
      </div>

      <Box className="card invite" data-testid="invite">
        <Text.Title size="small">{t('inviteTitle')}</Text.Title>
        <Text size="small" className="muted">
          {t('inviteHint')}
        </Text>
        <Button fullWidth size="medium" variant="secondary" loading={busy === 'invite'} disabled={busy !== null} onClick={() => void invite()} data-testid="invite-button">
          {platform.kind === 'zalo' ? t('inviteShare') : t('inviteCopy')}
        </Button>
        {manualLink && (
          <label className="invite-manual">
            <Text size="xSmall" className="muted">
              {t('inviteCopyHint')}
            </Text>
            <input readOnly value={manualLink} onFocus={(e) => e.currentTarget.select()} data-testid="invite-link" />
          </label>
        )}
      </Box>

      {me.draws.length === 0 ? (
        <Text className="empty">{t('noDraws')}</Text>
      ) : (
        me.draws.map((d) => (
          <Box key={d.id} className="card draw" data-testid="draw-card" style={{ borderTopColor: lookOf(d).primaryColor }}>
            <Text.Title size="normal">{d.name}</Text.Title>
            {d.closesAt && (
              <Text size="xSmall" className="muted">
                {t('closesAt')}: {formatDate(d.closesAt)}
              </Text>
            )}
            <div className="draw-row">
              <span>
                {t('turnsLeft')}: <strong data-testid="turns-left">{d.turnsLeft}</strong>
              </span>
              <Button size="small" onClick={() => navigate(`/wheel?draw=${d.id}`)} style={{ background: lookOf(d).primaryColor }}>
                {t('play')}
              </Button>
            </div>
          </Box>
        ))
      )}
    </Page>
  );
}
