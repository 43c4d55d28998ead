import type { ReactNode } from 'react';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import CheckSquareOutlined from '@ant-design/icons/CheckSquareOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import TagsOutlined from '@ant-design/icons/TagsOutlined';
import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  'tenant-dashboard': <DashboardOutlined />,
  tenants: <ApartmentOutlined />,
  user: <UserOutlined />,
  billing: <WalletOutlined />,
  'audit-log': <AuditOutlined />,
  'tenant-audit-log': <AuditOutlined />,
  settings: <SettingOutlined />,
  'tenant-settings': <SettingOutlined />,
  'zalo-oa': <MessageOutlined />,
  'zns-service': <NotificationOutlined />,
  'mini-app': <AppstoreOutlined />,
  'my-task': <CheckSquareOutlined />,
  'access-control': <SafetyOutlined />,
  'api-keys': <KeyOutlined />,
  'add-tenant': <PlusOutlined />,
  // §2.2 mini-app menu (issue 14).
  'zma-back': <ArrowLeftOutlined />,
  'zma-dashboard': <DashboardOutlined />,
  'zma-branch': <ShopOutlined />,
  'zma-gift-inventory': <GiftOutlined />,
  'zma-voucher': <TagsOutlined />,
  'zma-lucky-draw': <TrophyOutlined />,
  'zma-history': <HistoryOutlined />,
  'zma-user': <TeamOutlined />,
  'zma-customer': <IdcardOutlined />,
  'zma-settings': <SettingOutlined />,
};

/** The icon of a top-level menu item. */
export function menuIcon(key: string): ReactNode {
  return ICONS[key];
}
