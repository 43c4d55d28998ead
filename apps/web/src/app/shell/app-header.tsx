import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Layout from 'antd/es/layout';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Avatar from 'antd/es/avatar';
import Flex from 'antd/es/flex';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import { useProfile } from '../../features/auth/api/get-profile';
import { useLogout } from '../../lib/logout';
import { LANGUAGES, toLanguage } from '../../lib/i18n';
import { writeSession } from '../../lib/session';
import { useScope } from '../../lib/scope-context';
import { OaSelector } from '../../features/zalo-oa/components/oa-selector';
import { BELOW_LG_QUERY, useMediaQuery } from './use-narrow-screen';

// Lazy: the wallet dialogs (and the shared wallet schema) stay out of the shell chunk.
const HeaderWallet = lazy(() => import('../../features/wallet/components/header-wallet').then((m) => ({ default: m.HeaderWallet })));
// Lazy: the bell's list and popover load after the shell.
const NotificationBell = lazy(() => import('../../features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })));

/** Header turns translucent after 100 px of scroll (§2.2). */
export const TRANSLUCENT_AFTER_PX = 100;

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return past;
}

/** Switcher width: fixed in the header row, the full drawer width when stacked on a phone. */
// In the row they share the space left by the actions: a line breaks at 150 px each, then they grow to 220 px.
const switcherStyle = (stacked: boolean) => (stacked ? { width: '100%' } : { flex: '1 1 150px', minWidth: 150, maxWidth: 220 });

function OrganisationSwitcher({ stacked }: { stacked: boolean }) {
  const { t } = useTranslation('shell');
  const scope = useScope();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (scope.merchants.length === 0) return null;
  return (
    <Select
      aria-label={t('switchOrganisation')}
      data-testid="organisation-switcher"
      value={scope.merchant?.id}
      style={switcherStyle(stacked)}
      suffixIcon={<ApartmentOutlined />}
      options={scope.merchants.map((m) => ({ value: m.id, label: m.name }))}
      onChange={(merchantId: string) => {
        const next = scope.merchants.find((m) => m.id === merchantId);
        // §4: clears roles, selects the first tenant of that organisation (or none), goes to /dashboard.
        writeSession({ merchantId, tenantId: next?.tenants[0]?.id ?? null, oaId: null, zmaId: null });
        queryClient.removeQueries({ queryKey: ['permissions'] });
        void navigate('/dashboard');
      }}
    />
  );
}

function TenantSwitcher({ stacked }: { stacked: boolean }) {
  const { t } = useTranslation('shell');
  const scope = useScope();
  const navigate = useNavigate();
  const tenants = scope.merchant?.tenants ?? [];
  if (tenants.length === 0) return null;
  return (
    <Select
      aria-label={t('switchTenant')}
      data-testid="tenant-switcher"
      placeholder={t('chooseTenant')}
      value={scope.tenant?.id}
      style={switcherStyle(stacked)}
      suffixIcon={<ShopOutlined />}
      options={tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }))}
      onChange={(tenantId: string) => {
        // §4: clears the role and current team, goes to the tenant root with tenantId.
        writeSession({ tenantId, oaId: null, zmaId: null });
        void navigate(`/tenant?tenantId=${tenantId}`);
      }}
    />
  );
}

function LanguageSwitcher() {
  const { t, i18n } = useTranslation('shell');
  const current = toLanguage(i18n.resolvedLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lng) => ({ key: lng, label: <span data-testid={`language-${lng}`}>{t(`language.${lng}`)}</span> })),
        onClick: ({ key }) => void i18n.changeLanguage(toLanguage(key)),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('changeLanguage')} data-testid="language-switcher">
        {current.toUpperCase()}
      </Button>
    </Dropdown>
  );
}

function ProfileMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const profile = useProfile();
  const logout = useLogout();
  const name = profile.data?.displayName || profile.data?.email || '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: <span data-testid="menu-profile">{t('profile')}</span> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="menu-logout">{t('signOut')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') void navigate('/profile');
          if (key === 'logout') logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
        },
      }}
    >
      <Button type="text" data-testid="profile-button" aria-label={compact && name ? `${t('account')}: ${name}` : t('account')} style={{ height: 40, paddingInline: compact ? 4 : undefined }}>
        <Space>
          <Avatar size="small" src={profile.data?.avatar ?? undefined} icon={<UserOutlined />} style={{ backgroundColor: '#0d9488' }} />
          {compact ? null : (
            <span style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', display: 'inline-block', verticalAlign: 'middle' }}>{name}</span>
          )}
        </Space>
      </Button>
    </Dropdown>
  );
}

/**
 * The organisation, tenant and OA switchers: a row in the desktop header, a stack at the top of the
 * phone drawer (with the wallet, which the phone header has no room for).
 */
export function ScopeSwitchers({ stacked }: { stacked: boolean }) {
  return (
    <Flex
      gap={stacked ? 8 : 12}
      wrap
      vertical={stacked}
      align={stacked ? 'stretch' : 'center'}
      // Basis 0: the actions keep their place on the header's first line while the switchers fit beside them.
      style={stacked ? undefined : { flex: '1 1 0', minWidth: 150 }}
      data-testid="scope-switchers"
    >
      <OrganisationSwitcher stacked={stacked} />
      <TenantSwitcher stacked={stacked} />
      <OaSelector />
      {stacked ? (
        <Suspense fallback={null}>
          <HeaderWallet />
        </Suspense>
      ) : null}
    </Flex>
  );
}

interface AppHeaderProps {
  /** Phone layout: a menu button opening the navigation drawer; switchers and wallet move into it. */
  narrow: boolean;
  navOpen?: boolean;
  onOpenNav?: () => void;
}

export function AppHeader({ narrow, navOpen = false, onOpenNav }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  const translucent = useScrolledPast(TRANSLUCENT_AFTER_PX);
  const belowLg = useMediaQuery(BELOW_LG_QUERY);
  return (
    <Layout.Header
      className={`zc-header${translucent ? ' is-translucent' : ''}${narrow ? ' is-narrow' : ''}`}
      data-testid="app-header"
      style={{ background: '#fff', padding: narrow ? '0 8px' : '8px 24px', display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 16, rowGap: 8 }}
    >
      {narrow ? (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('openNavigation')}
          aria-haspopup="dialog"
          aria-expanded={navOpen}
          onClick={onOpenNav}
          data-testid="nav-drawer-open"
          style={{ width: 40, height: 40 }}
        />
      ) : (
        <ScopeSwitchers stacked={false} />
      )}
      <Space size={narrow ? 2 : 'small'} style={{ marginInlineStart: 'auto' }}>
        {narrow ? null : (
          <Suspense fallback={null}>
            <HeaderWallet />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <LanguageSwitcher />
        <ProfileMenu compact={belowLg} />
      </Space>
    </Layout.Header>
  );
}
