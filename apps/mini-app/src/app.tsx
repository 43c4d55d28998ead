import { App, AnimationRoutes, BottomNavigation, Box, Button, Route, SnackbarProvider, Spinner, Text, useLocation, useNavigate, ZMPRouter } from 'zmp-ui';
import { useEffect } from 'react';
import { NavIcon } from './components/icons';
import { errorText } from './errors';
import { t } from './i18n';
import { GiftsPage } from './pages/gifts';
import { HomePage } from './pages/home';
import { WheelPage } from './pages/wheel';
import { SessionProvider, useSession } from './session';

const TABS = [
  { key: '/', label: 'tabHome', icon: 'home' },
  { key: '/wheel', label: 'tabWheel', icon: 'wheel' },
  { key: '/gifts', label: 'tabGifts', icon: 'gift' },
] as const;

function Tabs() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <BottomNavigation fixed activeKey={location.pathname} onChange={(key) => navigate(key, { animate: false })}>
      {TABS.map((tab) => (
        <BottomNavigation.Item key={tab.key} itemKey={tab.key} label={t(tab.label)} icon={<NavIcon name={tab.icon} />} />
      ))}
    </BottomNavigation>
  );
}

function Screens() {
  const s = useSession();
  // The mini app's colour (console settings) as the accent.
  const accent = s.session?.miniApp.settings.primaryColor;
  useEffect(() => {
    if (accent && /^#[0-9a-f]{6}$/i.test(accent)) document.documentElement.style.setProperty('--zma-accent', accent);
  }, [accent]);
  if (s.status === 'loading') {
    return (
      <Box className="splash" data-testid="signing-in">
        <Spinner />
        <Text>{t('signingIn')}</Text>
      </Box>
    );
  }
  if (s.status === 'error') {
    return (
      <Box className="splash" data-testid="sign-in-error">
        <Text.Title>{t('signInFailed')}</Text.Title>
        <Text>{errorText(s.error)}</Text>
        <Button onClick={s.retry}>{t('retry')}</Button>
      </Box>
    );
  }
  return (
    <>
      <AnimationRoutes>
        <Route path="/" element={<HomePage />} />
        <Route path="/wheel" element={<WheelPage />} />
        <Route path="/gifts" element={<GiftsPage />} />
      </AnimationRoutes>
      <Tabs />
    </>
  );
}

/**
 * The mini app: zmp-ui's App, snackbars, and a memory router (inside Zalo the page's own path is
 * the platform's, so routes never live in the URL).
 */
export function MiniApp() {
  return (
    <App>
      <SnackbarProvider>
        <ZMPRouter memoryRouter>
          <SessionProvider>
            <Screens />
          </SessionProvider>
        </ZMPRouter>
      </SnackbarProvider>
    </App>
  );
}
