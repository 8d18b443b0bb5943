// Icons of the menu catalogue by name (contracts menus.*.ts and the module switcher). Only these are
// bundled, not the whole icon set; an unknown name gets a neutral icon (icons.test.ts keeps the list
// complete). Their SVG definitions are drawn here in antd's icon markup (`span.anticon > svg`, styled by
// antd's own icon CSS) rather than through @ant-design/icons' component per icon: ≈ 20 KB gzip less
// on the farm home for 95 icons that take no props.
import AimOutlined from '@ant-design/icons-svg/es/asn/AimOutlined';
import AlertOutlined from '@ant-design/icons-svg/es/asn/AlertOutlined';
import ApartmentOutlined from '@ant-design/icons-svg/es/asn/ApartmentOutlined';
import ApiOutlined from '@ant-design/icons-svg/es/asn/ApiOutlined';
import AppstoreAddOutlined from '@ant-design/icons-svg/es/asn/AppstoreAddOutlined';
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons-svg/es/asn/AuditOutlined';
import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import BarChartOutlined from '@ant-design/icons-svg/es/asn/BarChartOutlined';
import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import BlockOutlined from '@ant-design/icons-svg/es/asn/BlockOutlined';
import BorderOuterOutlined from '@ant-design/icons-svg/es/asn/BorderOuterOutlined';
import BranchesOutlined from '@ant-design/icons-svg/es/asn/BranchesOutlined';
import BugOutlined from '@ant-design/icons-svg/es/asn/BugOutlined';
import BulbOutlined from '@ant-design/icons-svg/es/asn/BulbOutlined';
import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import CameraOutlined from '@ant-design/icons-svg/es/asn/CameraOutlined';
import CarOutlined from '@ant-design/icons-svg/es/asn/CarOutlined';
import CarryOutOutlined from '@ant-design/icons-svg/es/asn/CarryOutOutlined';
import CheckSquareOutlined from '@ant-design/icons-svg/es/asn/CheckSquareOutlined';
import CloudOutlined from '@ant-design/icons-svg/es/asn/CloudOutlined';
import CloudServerOutlined from '@ant-design/icons-svg/es/asn/CloudServerOutlined';
import ClusterOutlined from '@ant-design/icons-svg/es/asn/ClusterOutlined';
import ColumnHeightOutlined from '@ant-design/icons-svg/es/asn/ColumnHeightOutlined';
import ContactsOutlined from '@ant-design/icons-svg/es/asn/ContactsOutlined';
import ControlOutlined from '@ant-design/icons-svg/es/asn/ControlOutlined';
import CreditCardOutlined from '@ant-design/icons-svg/es/asn/CreditCardOutlined';
import CustomerServiceOutlined from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import DashboardOutlined from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import DatabaseOutlined from '@ant-design/icons-svg/es/asn/DatabaseOutlined';
import DeploymentUnitOutlined from '@ant-design/icons-svg/es/asn/DeploymentUnitOutlined';
import DesktopOutlined from '@ant-design/icons-svg/es/asn/DesktopOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import ExperimentOutlined from '@ant-design/icons-svg/es/asn/ExperimentOutlined';
import ExportOutlined from '@ant-design/icons-svg/es/asn/ExportOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import FieldNumberOutlined from '@ant-design/icons-svg/es/asn/FieldNumberOutlined';
import FileAddOutlined from '@ant-design/icons-svg/es/asn/FileAddOutlined';
import FileDoneOutlined from '@ant-design/icons-svg/es/asn/FileDoneOutlined';
import FileSearchOutlined from '@ant-design/icons-svg/es/asn/FileSearchOutlined';
import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import FireOutlined from '@ant-design/icons-svg/es/asn/FireOutlined';
import FormOutlined from '@ant-design/icons-svg/es/asn/FormOutlined';
import FundOutlined from '@ant-design/icons-svg/es/asn/FundOutlined';
import FundProjectionScreenOutlined from '@ant-design/icons-svg/es/asn/FundProjectionScreenOutlined';
import GiftOutlined from '@ant-design/icons-svg/es/asn/GiftOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import GroupOutlined from '@ant-design/icons-svg/es/asn/GroupOutlined';
import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import ImportOutlined from '@ant-design/icons-svg/es/asn/ImportOutlined';
import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import LineChartOutlined from '@ant-design/icons-svg/es/asn/LineChartOutlined';
import LinkOutlined from '@ant-design/icons-svg/es/asn/LinkOutlined';
import MedicineBoxOutlined from '@ant-design/icons-svg/es/asn/MedicineBoxOutlined';
import MonitorOutlined from '@ant-design/icons-svg/es/asn/MonitorOutlined';
import NodeIndexOutlined from '@ant-design/icons-svg/es/asn/NodeIndexOutlined';
import NotificationOutlined from '@ant-design/icons-svg/es/asn/NotificationOutlined';
import NumberOutlined from '@ant-design/icons-svg/es/asn/NumberOutlined';
import PartitionOutlined from '@ant-design/icons-svg/es/asn/PartitionOutlined';
import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import PieChartOutlined from '@ant-design/icons-svg/es/asn/PieChartOutlined';
import PlaySquareOutlined from '@ant-design/icons-svg/es/asn/PlaySquareOutlined';
import PoweroffOutlined from '@ant-design/icons-svg/es/asn/PoweroffOutlined';
import ProfileOutlined from '@ant-design/icons-svg/es/asn/ProfileOutlined';
import QrcodeOutlined from '@ant-design/icons-svg/es/asn/QrcodeOutlined';
import RadarChartOutlined from '@ant-design/icons-svg/es/asn/RadarChartOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import RobotOutlined from '@ant-design/icons-svg/es/asn/RobotOutlined';
import RollbackOutlined from '@ant-design/icons-svg/es/asn/RollbackOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import ScanOutlined from '@ant-design/icons-svg/es/asn/ScanOutlined';
import ScheduleOutlined from '@ant-design/icons-svg/es/asn/ScheduleOutlined';
import SendOutlined from '@ant-design/icons-svg/es/asn/SendOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import ShakeOutlined from '@ant-design/icons-svg/es/asn/ShakeOutlined';
import ShopOutlined from '@ant-design/icons-svg/es/asn/ShopOutlined';
import ShoppingCartOutlined from '@ant-design/icons-svg/es/asn/ShoppingCartOutlined';
import ShoppingOutlined from '@ant-design/icons-svg/es/asn/ShoppingOutlined';
import SignalFilled from '@ant-design/icons-svg/es/asn/SignalFilled';
import SlidersOutlined from '@ant-design/icons-svg/es/asn/SlidersOutlined';
import SolutionOutlined from '@ant-design/icons-svg/es/asn/SolutionOutlined';
import SunOutlined from '@ant-design/icons-svg/es/asn/SunOutlined';
import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import TagsOutlined from '@ant-design/icons-svg/es/asn/TagsOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import ThunderboltOutlined from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import UnorderedListOutlined from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import VideoCameraOutlined from '@ant-design/icons-svg/es/asn/VideoCameraOutlined';
import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';
import WifiOutlined from '@ant-design/icons-svg/es/asn/WifiOutlined';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode } from 'react';

const ICONS: Readonly<Record<string, IconDefinition>> = {
  AimOutlined,
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BlockOutlined,
  BorderOuterOutlined,
  BranchesOutlined,
  BugOutlined,
  BulbOutlined,
  CalendarOutlined,
  CameraOutlined,
  CarOutlined,
  CarryOutOutlined,
  CheckSquareOutlined,
  CloudOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  ColumnHeightOutlined,
  ContactsOutlined,
  ControlOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EditOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  ExportOutlined,
  EyeOutlined,
  FieldNumberOutlined,
  FileAddOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FireOutlined,
  FormOutlined,
  FundOutlined,
  FundProjectionScreenOutlined,
  GiftOutlined,
  GlobalOutlined,
  GroupOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  ImportOutlined,
  InboxOutlined,
  LineChartOutlined,
  LinkOutlined,
  MedicineBoxOutlined,
  MonitorOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  NumberOutlined,
  PartitionOutlined,
  PictureOutlined,
  PieChartOutlined,
  PlaySquareOutlined,
  PoweroffOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  RadarChartOutlined,
  ReadOutlined,
  RobotOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  ScanOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShakeOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SignalFilled,
  SlidersOutlined,
  SolutionOutlined,
  SunOutlined,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WarningOutlined,
  WifiOutlined,
};

export const hasMenuIcon = (name: string): boolean => name in ICONS;

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

/** The icon named by a menu node; AppstoreOutlined when the name is unknown or empty. */
export const menuIcon = (name: string | undefined): ReactNode => (
  <MenuSvgIcon icon={(name && ICONS[name]) || AppstoreOutlined} />
);
