// Icons of the menu catalogue by name (contracts menus.*.ts and the module switcher). Only these are
// bundled, not the whole icon set; an unknown name gets a neutral icon (icons.test.tsx).
// Issue 20, the farm home's weight: each icon's SVG definition is its own small chunk, fetched when an
// icon with that name is first drawn (the collapsed menu and the quick links show about a dozen of the
// 95: ≈ 25 KB gzip not loaded), and drawn in antd's icon markup (`span.anticon > svg`, styled by antd's
// own icon CSS) rather than through one @ant-design/icons component per icon. Until its definition is
// in, an icon is an empty box of the same size, so nothing moves.
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode, useEffect, useState } from 'react';

const ICONS: Readonly<Record<string, () => Promise<{ default: IconDefinition }>>> = {
  AimOutlined: () => import('@ant-design/icons-svg/es/asn/AimOutlined'),
  AlertOutlined: () => import('@ant-design/icons-svg/es/asn/AlertOutlined'),
  ApartmentOutlined: () => import('@ant-design/icons-svg/es/asn/ApartmentOutlined'),
  ApiOutlined: () => import('@ant-design/icons-svg/es/asn/ApiOutlined'),
  AppstoreAddOutlined: () => import('@ant-design/icons-svg/es/asn/AppstoreAddOutlined'),
  AppstoreOutlined: () => import('@ant-design/icons-svg/es/asn/AppstoreOutlined'),
  AuditOutlined: () => import('@ant-design/icons-svg/es/asn/AuditOutlined'),
  BankOutlined: () => import('@ant-design/icons-svg/es/asn/BankOutlined'),
  BarChartOutlined: () => import('@ant-design/icons-svg/es/asn/BarChartOutlined'),
  BellOutlined: () => import('@ant-design/icons-svg/es/asn/BellOutlined'),
  BlockOutlined: () => import('@ant-design/icons-svg/es/asn/BlockOutlined'),
  BorderOuterOutlined: () => import('@ant-design/icons-svg/es/asn/BorderOuterOutlined'),
  BranchesOutlined: () => import('@ant-design/icons-svg/es/asn/BranchesOutlined'),
  BugOutlined: () => import('@ant-design/icons-svg/es/asn/BugOutlined'),
  BulbOutlined: () => import('@ant-design/icons-svg/es/asn/BulbOutlined'),
  CalendarOutlined: () => import('@ant-design/icons-svg/es/asn/CalendarOutlined'),
  CameraOutlined: () => import('@ant-design/icons-svg/es/asn/CameraOutlined'),
  CarOutlined: () => import('@ant-design/icons-svg/es/asn/CarOutlined'),
  CarryOutOutlined: () => import('@ant-design/icons-svg/es/asn/CarryOutOutlined'),
  CheckSquareOutlined: () => import('@ant-design/icons-svg/es/asn/CheckSquareOutlined'),
  CloudOutlined: () => import('@ant-design/icons-svg/es/asn/CloudOutlined'),
  CloudServerOutlined: () => import('@ant-design/icons-svg/es/asn/CloudServerOutlined'),
  ClusterOutlined: () => import('@ant-design/icons-svg/es/asn/ClusterOutlined'),
  ColumnHeightOutlined: () => import('@ant-design/icons-svg/es/asn/ColumnHeightOutlined'),
  ContactsOutlined: () => import('@ant-design/icons-svg/es/asn/ContactsOutlined'),
  ControlOutlined: () => import('@ant-design/icons-svg/es/asn/ControlOutlined'),
  CreditCardOutlined: () => import('@ant-design/icons-svg/es/asn/CreditCardOutlined'),
  CustomerServiceOutlined: () => import('@ant-design/icons-svg/es/asn/CustomerServiceOutlined'),
  DashboardOutlined: () => import('@ant-design/icons-svg/es/asn/DashboardOutlined'),
  DatabaseOutlined: () => import('@ant-design/icons-svg/es/asn/DatabaseOutlined'),
  DeploymentUnitOutlined: () => import('@ant-design/icons-svg/es/asn/DeploymentUnitOutlined'),
  DesktopOutlined: () => import('@ant-design/icons-svg/es/asn/DesktopOutlined'),
  EditOutlined: () => import('@ant-design/icons-svg/es/asn/EditOutlined'),
  EnvironmentOutlined: () => import('@ant-design/icons-svg/es/asn/EnvironmentOutlined'),
  ExperimentOutlined: () => import('@ant-design/icons-svg/es/asn/ExperimentOutlined'),
  ExportOutlined: () => import('@ant-design/icons-svg/es/asn/ExportOutlined'),
  EyeOutlined: () => import('@ant-design/icons-svg/es/asn/EyeOutlined'),
  FieldNumberOutlined: () => import('@ant-design/icons-svg/es/asn/FieldNumberOutlined'),
  FileAddOutlined: () => import('@ant-design/icons-svg/es/asn/FileAddOutlined'),
  FileDoneOutlined: () => import('@ant-design/icons-svg/es/asn/FileDoneOutlined'),
  FileSearchOutlined: () => import('@ant-design/icons-svg/es/asn/FileSearchOutlined'),
  FileTextOutlined: () => import('@ant-design/icons-svg/es/asn/FileTextOutlined'),
  FireOutlined: () => import('@ant-design/icons-svg/es/asn/FireOutlined'),
  FormOutlined: () => import('@ant-design/icons-svg/es/asn/FormOutlined'),
  FundOutlined: () => import('@ant-design/icons-svg/es/asn/FundOutlined'),
  FundProjectionScreenOutlined: () => import('@ant-design/icons-svg/es/asn/FundProjectionScreenOutlined'),
  GiftOutlined: () => import('@ant-design/icons-svg/es/asn/GiftOutlined'),
  GlobalOutlined: () => import('@ant-design/icons-svg/es/asn/GlobalOutlined'),
  GroupOutlined: () => import('@ant-design/icons-svg/es/asn/GroupOutlined'),
  HistoryOutlined: () => import('@ant-design/icons-svg/es/asn/HistoryOutlined'),
  HomeOutlined: () => import('@ant-design/icons-svg/es/asn/HomeOutlined'),
  IdcardOutlined: () => import('@ant-design/icons-svg/es/asn/IdcardOutlined'),
  ImportOutlined: () => import('@ant-design/icons-svg/es/asn/ImportOutlined'),
  InboxOutlined: () => import('@ant-design/icons-svg/es/asn/InboxOutlined'),
  LineChartOutlined: () => import('@ant-design/icons-svg/es/asn/LineChartOutlined'),
  LinkOutlined: () => import('@ant-design/icons-svg/es/asn/LinkOutlined'),
  MedicineBoxOutlined: () => import('@ant-design/icons-svg/es/asn/MedicineBoxOutlined'),
  MonitorOutlined: () => import('@ant-design/icons-svg/es/asn/MonitorOutlined'),
  NodeIndexOutlined: () => import('@ant-design/icons-svg/es/asn/NodeIndexOutlined'),
  NotificationOutlined: () => import('@ant-design/icons-svg/es/asn/NotificationOutlined'),
  NumberOutlined: () => import('@ant-design/icons-svg/es/asn/NumberOutlined'),
  PartitionOutlined: () => import('@ant-design/icons-svg/es/asn/PartitionOutlined'),
  PictureOutlined: () => import('@ant-design/icons-svg/es/asn/PictureOutlined'),
  PieChartOutlined: () => import('@ant-design/icons-svg/es/asn/PieChartOutlined'),
  PlaySquareOutlined: () => import('@ant-design/icons-svg/es/asn/PlaySquareOutlined'),
  PoweroffOutlined: () => import('@ant-design/icons-svg/es/asn/PoweroffOutlined'),
  ProfileOutlined: () => import('@ant-design/icons-svg/es/asn/ProfileOutlined'),
  QrcodeOutlined: () => import('@ant-design/icons-svg/es/asn/QrcodeOutlined'),
  RadarChartOutlined: () => import('@ant-design/icons-svg/es/asn/RadarChartOutlined'),
  ReadOutlined: () => import('@ant-design/icons-svg/es/asn/ReadOutlined'),
  RobotOutlined: () => import('@ant-design/icons-svg/es/asn/RobotOutlined'),
  RollbackOutlined: () => import('@ant-design/icons-svg/es/asn/RollbackOutlined'),
  SafetyCertificateOutlined: () => import('@ant-design/icons-svg/es/asn/SafetyCertificateOutlined'),
  ScanOutlined: () => import('@ant-design/icons-svg/es/asn/ScanOutlined'),
  ScheduleOutlined: () => import('@ant-design/icons-svg/es/asn/ScheduleOutlined'),
  SendOutlined: () => import('@ant-design/icons-svg/es/asn/SendOutlined'),
  SettingOutlined: () => import('@ant-design/icons-svg/es/asn/SettingOutlined'),
  ShakeOutlined: () => import('@ant-design/icons-svg/es/asn/ShakeOutlined'),
  ShopOutlined: () => import('@ant-design/icons-svg/es/asn/ShopOutlined'),
  ShoppingCartOutlined: () => import('@ant-design/icons-svg/es/asn/ShoppingCartOutlined'),
  ShoppingOutlined: () => import('@ant-design/icons-svg/es/asn/ShoppingOutlined'),
  SignalFilled: () => import('@ant-design/icons-svg/es/asn/SignalFilled'),
  SlidersOutlined: () => import('@ant-design/icons-svg/es/asn/SlidersOutlined'),
  SolutionOutlined: () => import('@ant-design/icons-svg/es/asn/SolutionOutlined'),
  SunOutlined: () => import('@ant-design/icons-svg/es/asn/SunOutlined'),
  SwapOutlined: () => import('@ant-design/icons-svg/es/asn/SwapOutlined'),
  TagsOutlined: () => import('@ant-design/icons-svg/es/asn/TagsOutlined'),
  TeamOutlined: () => import('@ant-design/icons-svg/es/asn/TeamOutlined'),
  ThunderboltOutlined: () => import('@ant-design/icons-svg/es/asn/ThunderboltOutlined'),
  ToolOutlined: () => import('@ant-design/icons-svg/es/asn/ToolOutlined'),
  UnorderedListOutlined: () => import('@ant-design/icons-svg/es/asn/UnorderedListOutlined'),
  UserOutlined: () => import('@ant-design/icons-svg/es/asn/UserOutlined'),
  VideoCameraOutlined: () => import('@ant-design/icons-svg/es/asn/VideoCameraOutlined'),
  WarningOutlined: () => import('@ant-design/icons-svg/es/asn/WarningOutlined'),
  WifiOutlined: () => import('@ant-design/icons-svg/es/asn/WifiOutlined'),
};

export const hasMenuIcon = (name: string): boolean => name in ICONS;

const FALLBACK = 'AppstoreOutlined';
const loaded = new Map<string, IconDefinition>();
const loading = new Map<string, Promise<IconDefinition>>();

const iconName = (name: string | undefined): string => (name && name in ICONS ? name : FALLBACK);

/** Fetches a menu icon's definition (once); the menu draws it when it is in. */
export const loadMenuIcon = (name: string | undefined): Promise<IconDefinition> => {
  const key = iconName(name);
  let promise = loading.get(key);
  if (!promise) {
    const load = ICONS[key] ?? ICONS[FALLBACK];
    promise = (load ? load() : Promise.reject(new Error('no fallback icon'))).then((m) => {
      loaded.set(key, m.default);
      return m.default;
    });
    // A failed fetch (network) is tried again by the next icon drawn with that name.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
};

/** antd's name of an icon ('AppstoreAddOutlined' → 'appstore-add'), for its label before it is loaded. */
const antdName = (name: string): string =>
  name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`);

const drawNode = (node: AbstractNode, key: number): ReactNode =>
  createElement(node.tag, { key, ...node.attrs }, node.children?.map(drawNode));

/** One icon as @ant-design/icons renders it (the same element, classes, label and SVG attributes). */
function MenuSvgIcon({ icon }: { icon: IconDefinition }) {
  const root = typeof icon.icon === 'function' ? icon.icon('', '') : icon.icon;
  return (
    <span role="img" aria-label={icon.name} className={`anticon anticon-${icon.name}`}>
      <svg
        {...root.attrs}
        data-icon={icon.name}
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
      >
        {root.children?.map(drawNode)}
      </svg>
    </span>
  );
}

function MenuIcon({ name }: { name: string }) {
  const [icon, setIcon] = useState(() => loaded.get(name));
  useEffect(() => {
    if (icon) return;
    let live = true;
    loadMenuIcon(name).then(
      (definition) => live && setIcon(definition),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [icon, name]);
  if (icon) return <MenuSvgIcon icon={icon} />;
  const label = antdName(name);
  return (
    <span role="img" aria-label={label} className={`anticon anticon-${label}`}>
      <svg viewBox="64 64 896 896" focusable="false" width="1em" height="1em" aria-hidden="true" />
    </span>
  );
}

/** The icon named by a menu node; AppstoreOutlined when the name is unknown or empty. */
export const menuIcon = (name: string | undefined): ReactNode => {
  const key = iconName(name);
  return <MenuIcon key={key} name={key} />;
};
