import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Layout from 'antd/es/layout';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Avatar from 'antd/es/avatar';
import Tooltip from 'antd/es/tooltip';
import BellOutlined from '@ant-design/icons/BellOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import { useProfile } from '../../features/auth/api/get-profile';
import { useLogout } from '../../features/auth/api/logout';
import { LANGUAGES, toLanguage } from '../../lib/i18n';
import { writeSession } from '../../lib/session';
import { useScope } from '../scope-context';
import { OaSelector } from '../../features/zalo-oa/components/oa-selector';

// Lazy: the wallet dialogs (and the shared wallet schema) stay out of the shell chunk.
const HeaderWallet = lazy(() => import('../../features/wallet/components/header-wallet').then((m) => ({ default: m.HeaderWallet })));

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

function OrganisationSwitcher() {
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
      style={{ minWidth: 200, maxWidth: 260 }}
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

function TenantSwitcher() {
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
      style={{ minWidth: 200, maxWidth: 260 }}
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

function ProfileMenu() {
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
      <Button type="text" data-testid="profile-button" aria-label={t('account')} style={{ height: 40 }}>
        <Space>
          <Avatar size="small" src={profile.data?.avatar ?? undefined} icon={<UserOutlined />} style={{ backgroundColor: '#0d9488' }} />
          <span style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', display: 'inline-block', verticalAlign: 'middle' }}>{name}</span>
        </Space>
      </Button>
    </Dropdown>
  );
}

export function AppHeader() {
  const { t } = useTranslation('shell');
  const scope = useScope();
  const translucent = useScrolledPast(TRANSLUCENT_AFTER_PX);
  const notificationsPath = scope.level === 'tenant' && scope.tenant ? `/tenant/systemmessage?tenantId=${scope.tenant.id}` : '/systemmessage';
  return (
    <Layout.Header
      className={`zc-header${translucent ? ' is-translucent' : ''}`}
      data-testid="app-header"
      style={{ background: '#fff', padding: '0 24px', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, height: 64 }}
    >
      <Space size="middle" wrap={false}>
        <OrganisationSwitcher />
        <TenantSwitcher />
        <OaSelector />
      </Space>
      <Space size="small">
        <Suspense fallback={null}>
          <HeaderWallet />
        </Suspense>
        <Tooltip title={t('notifications')}>
          <Link to={notificationsPath} aria-label={t('notifications')} data-testid="notification-link">
            <Button type="text" shape="circle" icon={<BellOutlined />} tabIndex={-1} />
          </Link>
        </Tooltip>
        <LanguageSwitcher />
        <ProfileMenu />
      </Space>
    </Layout.Header>
  );
}
