import { useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import type { MenuProps } from 'antd/es/menu';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import ReadOutlined from '@ant-design/icons/ReadOutlined';
import { writeSession } from '../../lib/session';
import { useScope } from '../scope-context';
import { buildOrganisationMenu, buildTenantMenu, type MenuNode } from './menu-model';
import { menuIcon } from './menu-icons';

type MenuItem = Required<MenuProps>['items'][number];

/** Splits a menu path into its pathname and query parameters. */
function parsePath(path: string): { pathname: string; query: URLSearchParams } {
  const [pathname = '', search = ''] = path.split('?');
  return { pathname, query: new URLSearchParams(search) };
}

/** The key of the item matching the URL best: the longest path prefix whose query matches too. */
export function findSelectedKey(nodes: MenuNode[], pathname: string, params: URLSearchParams): string | null {
  const best = { key: '', length: -1 };
  const walk = (list: MenuNode[]) => {
    for (const node of list) {
      if (node.children) walk(node.children);
      if (!node.path) continue;
      const target = parsePath(node.path);
      const isRoot = target.pathname === '/tenant' || target.pathname === '/dashboard';
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

export function Sidebar({ onAddTenant }: { onAddTenant: () => void }) {
  const { t } = useTranslation('shell');
  const scope = useScope();
  const location = useLocation();
  const [params] = useSearchParams();
  const [collapsed, setCollapsed] = useState(false);

  const nodes = useMemo(() => {
    if (!scope.permissionsLoaded) return [];
    if (scope.level === 'tenant') return scope.tenant ? buildTenantMenu(scope.permissions, scope.tenant) : [];
    return buildOrganisationMenu(scope.permissions, scope.merchant?.tenants ?? []);
  }, [scope]);

  const selectedKey = findSelectedKey(nodes, location.pathname, params);
  const [openKeys, setOpenKeys] = useState<string[]>(() => findParentKeys(nodes, selectedKey));

  const toItems = (list: MenuNode[], depth: number): MenuItem[] =>
    list.map((node) => {
      const label = node.label ?? (node.labelKey ? t(node.labelKey) : node.key);
      const icon = depth === 0 ? menuIcon(node.key) : undefined;
      if (node.children) {
        return { key: node.key, icon, label: <span data-menu-key={node.key}>{label}</span>, children: toItems(node.children, depth + 1) };
      }
      if (node.action === 'add-tenant') {
        return { key: node.key, icon: menuIcon('add-tenant'), label: <span data-menu-key={node.key}>{label}</span>, onClick: onAddTenant };
      }
      return {
        key: node.key,
        icon,
        label: (
          <Link to={node.path ?? '/'} data-menu-key={node.key}>
            {label}
          </Link>
        ),
      };
    });

  const logoTarget = scope.isEU && scope.tenant ? `/tenant?tenantId=${scope.tenant.id}` : scope.isEU ? '/tenant' : '/dashboard';
  const merchantLogo = scope.merchant?.logo ?? scope.merchant?.avatar ?? null;

  return (
    <Layout.Sider
      theme="light"
      width={248}
      collapsedWidth={72}
      collapsed={collapsed}
      trigger={null}
      style={{ position: 'sticky', top: 0, height: '100vh', borderRight: '1px solid rgba(0,0,0,0.06)' }}
    >
      <nav aria-label={t('navigation')} style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Link
          to={logoTarget}
          onClick={() => writeSession({ oaId: null })}
          data-testid="shell-logo"
          style={{ display: 'flex', alignItems: 'center', gap: 10, height: 64, padding: collapsed ? '0 20px' : '0 20px', overflow: 'hidden' }}
        >
          <img src={collapsed ? LOGO : (merchantLogo ?? LOGO)} alt={t('logoAlt')} width={32} height={32} style={{ borderRadius: 8, flex: 'none', objectFit: 'cover' }} />
          {collapsed ? null : (
            <span style={{ fontWeight: 600, fontSize: 16, color: 'rgba(0,0,0,0.88)', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {scope.merchant?.name ?? t('productName')}
            </span>
          )}
        </Link>
        <div style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
          <Menu
            mode="inline"
            items={toItems(nodes, 0)}
            selectedKeys={selectedKey ? [selectedKey] : []}
            openKeys={collapsed ? undefined : openKeys}
            onOpenChange={setOpenKeys}
            forceSubMenuRender
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
          <Tooltip title={collapsed ? t('expand') : t('collapse')} placement="right">
            <Button
              type="text"
              aria-label={collapsed ? t('expand') : t('collapse')}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed((c) => !c)}
              style={{ marginTop: 8 }}
              data-testid="sider-toggle"
            />
          </Tooltip>
        </div>
      </nav>
    </Layout.Sider>
  );
}
