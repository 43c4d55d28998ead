import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Tabs from 'antd/es/tabs';
import { PAGES, zmaHref } from '../../../lib/paths';
import { useScope } from '../../../lib/scope-context';
import { useDrawScope } from '../use-draw-scope';

export type DrawSection = 'draws' | 'rules' | 'affiliate';

const PAGE_OF = { draws: PAGES.zmaDraws, rules: PAGES.zmaRules, affiliate: PAGES.zmaAffiliate } as const;

/** Lucky draws, their rules and affiliate campaigns: one menu item (§2.2 "Lucky draw config"), three tabs. */
export function DrawSectionTabs({ active }: { active: DrawSection }) {
  const { t } = useTranslation('zma-draw');
  const navigate = useNavigate();
  const tenantId = useScope().tenant?.id ?? '';
  const { zmaAppId } = useDrawScope();
  return (
    <Tabs
      activeKey={active}
      data-testid="draw-section-tabs"
      onChange={(key) => void navigate(zmaHref(PAGE_OF[key as DrawSection], zmaAppId, tenantId))}
      items={(['draws', 'rules', 'affiliate'] as const).map((key) => ({ key, label: <span data-testid={`draw-tab-${key}`}>{t(`sections.${key}`)}</span> }))}
    />
  );
}
