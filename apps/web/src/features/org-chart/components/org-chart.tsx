import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Space from 'antd/es/space';
import Empty from 'antd/es/empty';
import CaretDownOutlined from '@ant-design/icons/CaretDownOutlined';
import CaretRightOutlined from '@ant-design/icons/CaretRightOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import CrownOutlined from '@ant-design/icons/CrownOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { OrgChart as OrgChartData, OrgChartMember } from '@zc/shared/api/user-groups';
import { ROLE_COLORS } from '@zc/shared/permissions';
import './org-chart.css';

interface Node {
  key: string;
  kind: 'org' | 'tenant' | 'team' | 'group' | 'member';
  content: ReactNode;
  children: Node[];
}

/** Every node key that has children (what "collapse all" folds). */
function branchKeys(nodes: Node[]): string[] {
  return nodes.flatMap((n) => (n.children.length > 0 ? [n.key, ...branchKeys(n.children)] : []));
}

/**
 * The organisation chart (§7 get-org-chart): organisation → tenants → teams → members, drawn as an
 * indented tree with connector lines; branches fold and unfold, the tree scrolls inside its card.
 */
export function OrgChart({ chart }: { chart: OrgChartData }) {
  const { t } = useTranslation('org-chart');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  const person = (m: OrgChartMember): ReactNode => (
    <>
      <Avatar size={32} src={m.avatar ?? undefined} icon={<UserOutlined />}>
        {(m.displayName || m.email).slice(0, 1).toUpperCase()}
      </Avatar>
      <span className="zc-orgchart-text">
        <span className="zc-orgchart-name">{m.displayName || m.email}</span>
        <span className="zc-orgchart-sub">{m.email}</span>
        <span className="zc-orgchart-tags">
          <Tag color={ROLE_COLORS[m.roleMerchant]}>{t(`users:roles.${m.roleMerchant}`)}</Tag>
          {m.userGroup ? <Tag color="cyan">{m.userGroup.name}</Tag> : null}
          {m.teamRole ? <Tag color={m.teamRole === 'LEADER' ? 'volcano' : 'default'}>{t(`teamRoles.${m.teamRole}`)}</Tag> : null}
        </span>
      </span>
    </>
  );
  const members = (prefix: string, list: OrgChartMember[]): Node[] =>
    list.map((m) => ({ key: `${prefix}:${m.id}`, kind: 'member', content: person(m), children: [] }));
  const heading = (icon: ReactNode, name: string, sub: string, avatar?: string | null): ReactNode => (
    <>
      <Avatar size={32} shape="square" src={avatar ?? undefined} icon={icon} />
      <span className="zc-orgchart-text">
        <span className="zc-orgchart-name">{name}</span>
        <span className="zc-orgchart-sub">{sub}</span>
      </span>
    </>
  );

  const tenantNodes: Node[] = chart.tenants.map((tenant) => {
    const teams: Node[] = tenant.teams.map((team) => ({
      key: `team:${team.id}`,
      kind: 'team',
      content: heading(<TeamOutlined />, team.name, team.isDefault ? t('defaultTeam', { count: team.members.length }) : t('people', { count: team.members.length }), team.avatar),
      children: members(`team:${team.id}`, team.members),
    }));
    const loose = members(`tenant:${tenant.id}`, tenant.members);
    const children =
      teams.length > 0 && loose.length > 0
        ? [...teams, { key: `noteam:${tenant.id}`, kind: 'group' as const, content: heading(<UserOutlined />, t('noTeam'), t('people', { count: loose.length })), children: loose }]
        : [...teams, ...loose];
    const peopleCount = tenant.members.length + tenant.teams.reduce((n, team) => n + team.members.length, 0);
    return {
      key: `tenant:${tenant.id}`,
      kind: 'tenant',
      content: heading(<ShopOutlined />, tenant.name, tenant.teams.length > 0 ? t('tenantSummary', { teams: tenant.teams.length, people: peopleCount }) : t('people', { count: peopleCount }), tenant.avatar),
      children,
    };
  });
  const leaders: Node[] = chart.leaders.length
    ? [{ key: 'leaders', kind: 'group', content: heading(<CrownOutlined />, t('leaders'), t('people', { count: chart.leaders.length })), children: members('leaders', chart.leaders) }]
    : [];
  const root: Node = {
    key: `org:${chart.id}`,
    kind: 'org',
    content: heading(<ApartmentOutlined />, chart.name, t('orgSummary', { tenants: chart.tenants.length }), chart.avatar),
    children: [...leaders, ...tenantNodes],
  };

  const toggle = (key: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const render = (node: Node): ReactNode => {
    const open = !collapsed.has(node.key);
    const hasChildren = node.children.length > 0;
    return (
      <li key={node.key} role="treeitem" aria-expanded={hasChildren ? open : undefined} data-kind={node.kind}>
        <div className={`zc-orgchart-node is-${node.kind}`}>
          {hasChildren ? (
            <Button
              className="zc-orgchart-toggle"
              type="text"
              size="small"
              aria-label={open ? t('collapse') : t('expand')}
              icon={open ? <CaretDownOutlined /> : <CaretRightOutlined />}
              onClick={() => toggle(node.key)}
            />
          ) : null}
          {node.content}
        </div>
        {hasChildren && open ? (
          <ul role="group" className={node.children.every((c) => c.kind === 'member') ? 'is-people' : undefined}>
            {node.children.map(render)}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setCollapsed(new Set())}>
          {t('expandAll')}
        </Button>
        <Button size="small" onClick={() => setCollapsed(new Set(branchKeys(root.children)))}>
          {t('collapseAll')}
        </Button>
      </Space>
      {chart.tenants.length === 0 && chart.leaders.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <div className="zc-orgchart" data-testid="org-chart">
          <ul role="tree" aria-label={t('title')}>
            {render(root)}
          </ul>
        </div>
      )}
    </>
  );
}
