// Icons of the menu catalogue by name (contracts menus.*.ts and the module switcher). Only these are
// bundled, not the whole icon set; an unknown name gets a neutral icon (icons.test.ts keeps the list
// complete).
import AimOutlined from '@ant-design/icons/AimOutlined';
import AlertOutlined from '@ant-design/icons/AlertOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import ApiOutlined from '@ant-design/icons/ApiOutlined';
import AppstoreAddOutlined from '@ant-design/icons/AppstoreAddOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import BlockOutlined from '@ant-design/icons/BlockOutlined';
import BorderOuterOutlined from '@ant-design/icons/BorderOuterOutlined';
import BranchesOutlined from '@ant-design/icons/BranchesOutlined';
import BugOutlined from '@ant-design/icons/BugOutlined';
import BulbOutlined from '@ant-design/icons/BulbOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import CameraOutlined from '@ant-design/icons/CameraOutlined';
import CarOutlined from '@ant-design/icons/CarOutlined';
import CarryOutOutlined from '@ant-design/icons/CarryOutOutlined';
import CheckSquareOutlined from '@ant-design/icons/CheckSquareOutlined';
import CloudOutlined from '@ant-design/icons/CloudOutlined';
import CloudServerOutlined from '@ant-design/icons/CloudServerOutlined';
import ClusterOutlined from '@ant-design/icons/ClusterOutlined';
import ColumnHeightOutlined from '@ant-design/icons/ColumnHeightOutlined';
import ContactsOutlined from '@ant-design/icons/ContactsOutlined';
import ControlOutlined from '@ant-design/icons/ControlOutlined';
import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import DeploymentUnitOutlined from '@ant-design/icons/DeploymentUnitOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import FieldNumberOutlined from '@ant-design/icons/FieldNumberOutlined';
import FileAddOutlined from '@ant-design/icons/FileAddOutlined';
import FileDoneOutlined from '@ant-design/icons/FileDoneOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import FireOutlined from '@ant-design/icons/FireOutlined';
import FormOutlined from '@ant-design/icons/FormOutlined';
import FundOutlined from '@ant-design/icons/FundOutlined';
import FundProjectionScreenOutlined from '@ant-design/icons/FundProjectionScreenOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import GroupOutlined from '@ant-design/icons/GroupOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import ImportOutlined from '@ant-design/icons/ImportOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import LineChartOutlined from '@ant-design/icons/LineChartOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import MedicineBoxOutlined from '@ant-design/icons/MedicineBoxOutlined';
import MonitorOutlined from '@ant-design/icons/MonitorOutlined';
import NodeIndexOutlined from '@ant-design/icons/NodeIndexOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import NumberOutlined from '@ant-design/icons/NumberOutlined';
import PartitionOutlined from '@ant-design/icons/PartitionOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import PieChartOutlined from '@ant-design/icons/PieChartOutlined';
import PlaySquareOutlined from '@ant-design/icons/PlaySquareOutlined';
import PoweroffOutlined from '@ant-design/icons/PoweroffOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import QrcodeOutlined from '@ant-design/icons/QrcodeOutlined';
import RadarChartOutlined from '@ant-design/icons/RadarChartOutlined';
import ReadOutlined from '@ant-design/icons/ReadOutlined';
import RobotOutlined from '@ant-design/icons/RobotOutlined';
import RollbackOutlined from '@ant-design/icons/RollbackOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import ScanOutlined from '@ant-design/icons/ScanOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShakeOutlined from '@ant-design/icons/ShakeOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';
import SignalFilled from '@ant-design/icons/SignalFilled';
import SlidersOutlined from '@ant-design/icons/SlidersOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import SunOutlined from '@ant-design/icons/SunOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import TagsOutlined from '@ant-design/icons/TagsOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import WifiOutlined from '@ant-design/icons/WifiOutlined';
import type { ComponentType, ReactNode } from 'react';

const ICONS: Readonly<Record<string, ComponentType>> = {
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

/** The icon named by a menu node; AppstoreOutlined when the name is unknown or empty. */
export const menuIcon = (name: string | undefined): ReactNode => {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
};
