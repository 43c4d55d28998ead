import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import type { MenuProps } from 'antd/es/menu';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import Badge from 'antd/es/badge';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import ReadOutlined from '@ant-design/icons/ReadOutlined';
import { writeSession } from '../../lib/session';
import { isBoolean, usePreference } from '../../lib/preferences';
import { useScope } from '../../lib/scope-context';
import { zmaAppIdOf, useZmaMe } from '../../lib/zma-scope';
import { buildMiniAppMenu, buildOrganisationMenu, buildTenantMenu, type MenuNode } from './menu-model';
import { ZmaSwitcher } from './zma-switcher';
import { menuIcon } from './menu-icons';
import { badgeCount, type BadgeCounts } from './menu-badges';
import { useMenuBadges } from './use-menu-badges';

type MenuItem = Required<MenuProps>['items'][number];

/** Splits a menu path into its pathname and query parameters. */
function parsePath(path: string): { pathname: string; query: URLSearchParams } {
  const [pathname = '', search = ''] = path.split('?');
  return { pathname, query: new URLSearchParams(search) };
}

/** The key of the item matching the URL best: the longest path prefix whose query matches too. */
export function findSelectedKey(nodes: MenuNode[], pathname: string, params: URLSearchParams): string | null {
  // A mini app's rules and affiliate campaigns have no §2.2 item: they are reached from its lucky draws.
  pathname = pathname.replace(/^(\/tenant\/mini-app\/[^/]+)\/(rule|affiliate-campaign)(\/.*)?$/, '$1/lucky-draw-config');
  const best = { key: '', length: -1 };
  const walk = (list: MenuNode[]) => {
    for (const node of list) {
      if (node.children) walk(node.children);
      if (!node.path) continue;
      const target = parsePath(node.path);
      // Roots (the dashboards, a mini app's dashboard) match only themselves, never their sub-pages.
      const isRoot = target.pathname === '/tenant' || target.pathname === '/dashboard' || /^\/tenant\/mini-app\/[^/]+$/.test(target.pathname);
      const matches = isRoot ? pathname === target.pathname : pathname === target.pathname || pathname.startsWith(`${target.pathname}/`);
      if (!matches) continue;
      if ([...target.query.entries()].some(([k, v]) => k !== 'tenantId' && params.get(k) !== v)) continue;
      // Organisation-level tenant items differ only by tenantId: it must match there.
      if (target.pathname === '/dashboard/tenant' && target.query.get('tenantId') !== params.get('tenantId')) continue;
      if (target.pathname.length > best.length) Object.assign(best, { key: node.key, length: target.pathname.length });
    }
  };
  walk(nodes);
  return best.length < 0 ? null : best.key;
}

function findParentKeys(nodes: MenuNode[], key: string | null): string[] {
  if (!key) return [];
  for (const node of nodes) if (node.children?.some((c) => c.key === key)) return [node.key];
  return [];
}

const LOGO = '/logo.svg';
export const SIDER_WIDTH = 248;
export const SIDER_COLLAPSED_WIDTH = 72;

/** The sidebar's collapsed state, remembered across reloads (§2.2 collapse toggle). */
export function useSiderCollapsed(): [boolean, (next: boolean) => void] {
  return usePreference('siderCollapsed', false, isBoolean);
}

interface SidebarNavProps {
  collapsed: boolean;
  onAddTenant: () => void;
  /** Unread counts by badge name; items whose badge has no count draw none. */
  badges?: BadgeCounts;
  /** Desktop: the collapse toggle in the footer. */
  onToggleCollapsed?: () => void;
  /** Phone drawer: a close button beside the logo, and called after an item is chosen. */
  onClose?: () => void;
  /** Phone drawer: the organisation/tenant/OA switchers and the wallet, above the menu. */
  context?: ReactNode;
}

/** Logo, menu and footer: the content of the desktop sider and of the phone drawer alike. */
export function SidebarNav({ collapsed, onAddTenant, badges: given, onToggleCollapsed, onClose, context }: SidebarNavProps) {
  const { t } = useTranslation('shell');
  // Without counts from the caller, the My tasks badges come from the task counter card, kept live.
  const live = useMenuBadges();
  const badges = given ?? live;
  const scope = useScope();
  const location = useLocation();
  const [params] = useSearchParams();

  // Under /tenant/mini-app/:id the §2.2 mini-app menu, by the caller's §6 union for that app.
  const zmaAppId = scope.level === 'tenant' && scope.tenant ? zmaAppIdOf(location.pathname) : null;
  const zmaMe = useZmaMe(zmaAppId);
  const zmaPermissions = zmaMe.data?.permissions;

  const nodes = useMemo(() => {
    if (zmaAppId && scope.tenant) return buildMiniAppMenu(new Set(zmaPermissions ?? []), zmaAppId, scope.tenant.id);
    if (!scope.permissionsLoaded) return [];
    if (scope.level === 'tenant') return scope.tenant ? buildTenantMenu(scope.permissions, scope.tenant) : [];
    return buildOrganisationMenu(scope.permissions, scope.merchant?.tenants ?? []);
  }, [scope, zmaAppId, zmaPermissions]);

  const selectedKey = findSelectedKey(nodes, location.pathname, params);
  const [openKeys, setOpenKeys] = useState<string[]>(() => findParentKeys(nodes, selectedKey));

  const unread = (count: number) => t('unreadCount', { count });
  const toItems = (list: MenuNode[], depth: number): MenuItem[] =>
    list.map((node) => {
      const label = node.label ?? (node.labelKey ? t(node.labelKey) : node.key);
      const count = badgeCount(node, badges);
      const baseIcon = node.action === 'add-tenant' ? menuIcon('add-tenant') : depth === 0 ? menuIcon(node.key) : undefined;
      // Collapsed, only the icons show: a group signals unread children with a dot, an item with its count.
      const icon =
        baseIcon && count > 0 && (collapsed || node.children) ? (
          <Badge dot={Boolean(node.children)} count={node.children ? undefined : count} size="small" title={unread(count)} data-testid={`menu-badge-${node.key}`}>
            {baseIcon}
          </Badge>
        ) : (
          baseIcon
        );
      const badge =
        count > 0 && !node.children ? (
          <Badge count={count} size="small" overflowCount={99} title={unread(count)} style={{ marginInlineStart: 8 }} data-testid={`menu-badge-${node.key}`} />
        ) : null;
      if (node.children) {
        return { key: node.key, icon, label: <span data-menu-key={node.key}>{label}</span>, children: toItems(node.children, depth + 1) };
      }
      if (node.action === 'add-tenant') {
        return { key: node.key, icon, label: <span data-menu-key={node.key}>{label}</span>, onClick: onAddTenant };
      }
      return {
        key: node.key,
        icon,
        label: (
          <Link to={node.path ?? '/'} data-menu-key={node.key}>
            {label}
            {badge}
          </Link>
        ),
      };
    });

  const logoTarget = scope.isEU && scope.tenant ? `/tenant?tenantId=${scope.tenant.id}` : scope.isEU ? '/tenant' : '/dashboard';
  const merchantLogo = scope.merchant?.logo ?? scope.merchant?.avatar ?? null;

  return (
    <nav aria-label={t('navigation')} style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ display: 'flex', alignItems: 'center', height: 64, paddingInlineEnd: onClose ? 12 : 0, flex: 'none' }}>
        <Link
          to={logoTarget}
          onClick={() => {
            writeSession({ oaId: null });
            onClose?.();
          }}
          data-testid="shell-logo"
          style={{ display: 'flex', alignItems: 'center', gap: 10, height: 64, padding: '0 20px', overflow: 'hidden', flex: 1, minWidth: 0 }}
        >
          <img src={collapsed ? LOGO : (merchantLogo ?? LOGO)} alt={t('logoAlt')} width={32} height={32} style={{ borderRadius: 8, flex: 'none', objectFit: 'cover' }} />
          {collapsed ? null : (
            <span style={{ fontWeight: 600, fontSize: 16, color: 'rgba(0,0,0,0.88)', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {scope.merchant?.name ?? t('productName')}
            </span>
          )}
        </Link>
        {onClose ? <Button type="text" icon={<CloseOutlined />} aria-label={t('closeNavigation')} onClick={onClose} data-testid="nav-drawer-close" /> : null}
      </div>
      {context ? <div className="zc-drawer-context">{context}</div> : null}
      {zmaAppId && scope.tenant && !collapsed ? <ZmaSwitcher zmaAppId={zmaAppId} tenantId={scope.tenant.id} onSwitched={onClose} /> : null}
      <div style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <Menu
          mode="inline"
          items={toItems(nodes, 0)}
          selectedKeys={selectedKey ? [selectedKey] : []}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          // In the drawer a chosen item closes it (also when it is the page already shown).
          onClick={() => onClose?.()}
          // The sider renders closed groups too (their links exist for tests and crawlers). Not in the drawer:
          // rc-menu mounts those groups' hidden popups as portals, which would take Escape from the drawer.
          forceSubMenuRender={!onClose}
          style={{ borderInlineEnd: 'none' }}
          data-testid="shell-menu"
        />
      </div>
      <div className="zc-sider-footer">
        {collapsed ? null : (
          <>
            <a href="/api/docs" target="_blank" rel="noreferrer" style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
              <ReadOutlined /> {t('documentation')}
            </a>
            <div style={{ marginTop: 6 }} data-testid="copyright">
              {t('copyright', { year: new Date().getFullYear() })}
            </div>
          </>
        )}
        {onToggleCollapsed ? (
          <Tooltip title={collapsed ? t('expand') : t('collapse')} placement="right">
            <Button
              type="text"
              aria-label={collapsed ? t('expand') : t('collapse')}
              aria-expanded={!collapsed}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={onToggleCollapsed}
              style={{ marginTop: 8 }}
              data-testid="sider-toggle"
            />
          </Tooltip>
        ) : null}
      </div>
    </nav>
  );
}

/** The desktop sidebar (at and above antd's `md` breakpoint); collapsible, the state remembered. */
export function Sidebar({ onAddTenant, badges }: { onAddTenant: () => void; badges?: BadgeCounts }) {
  const [collapsed, setCollapsed] = useSiderCollapsed();
  return (
    <Layout.Sider
      theme="light"
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      style={{ position: 'sticky', top: 0, height: '100vh', borderRight: '1px solid rgba(0,0,0,0.06)' }}
      data-testid="shell-sider"
    >
      <SidebarNav collapsed={collapsed} onAddTenant={onAddTenant} badges={badges} onToggleCollapsed={() => setCollapsed(!collapsed)} />
    </Layout.Sider>
  );
}
