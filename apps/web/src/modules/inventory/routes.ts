import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the inventory domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'inventory' locale namespace. Only the approval settings exist before issue 15.

const ApprovalSettingsPage = lazyPage(() => import('./config/ApprovalSettingsPage'), 'ApprovalSettingsPage');
// Documents (issue 15 part F): one shared list, form and info page driven by the document type.
const AplionformListPage = lazyPage(() => import('./prment/pages/prmentPages'), 'AplionformListPage');
const AplionformAddPage = lazyPage(() => import('./prment/pages/prmentPages'), 'AplionformAddPage');
const AplionformEditPage = lazyPage(() => import('./prment/pages/prmentPages'), 'AplionformEditPage');
const AplionformInfoPage = lazyPage(() => import('./prment/pages/prmentPages'), 'AplionformInfoPage');
const TransferListPage = lazyPage(() => import('./prment/pages/prmentPages'), 'TransferListPage');
const TransferAddPage = lazyPage(() => import('./prment/pages/prmentPages'), 'TransferAddPage');
const TransferEditPage = lazyPage(() => import('./prment/pages/prmentPages'), 'TransferEditPage');
const TransferInfoPage = lazyPage(() => import('./prment/pages/prmentPages'), 'TransferInfoPage');
const TransferConvertPage = lazyPage(() => import('./prment/pages/prmentPages'), 'TransferConvertPage');
const ShipmentListPage = lazyPage(() => import('./prment/pages/prmentPages'), 'ShipmentListPage');
const ShipmentAddPage = lazyPage(() => import('./prment/pages/prmentPages'), 'ShipmentAddPage');
const ShipmentEditPage = lazyPage(() => import('./prment/pages/prmentPages'), 'ShipmentEditPage');
const ShipmentInfoPage = lazyPage(() => import('./prment/pages/prmentPages'), 'ShipmentInfoPage');
const ShipmentConvertPage = lazyPage(() => import('./prment/pages/prmentPages'), 'ShipmentConvertPage');
const ShipmentReturnPage = lazyPage(() => import('./prment/pages/prmentPages'), 'ShipmentReturnPage');
const WarehousingListPage = lazyPage(() => import('./prment/pages/prmentPages'), 'WarehousingListPage');
const WarehousingAddPage = lazyPage(() => import('./prment/pages/prmentPages'), 'WarehousingAddPage');
const WarehousingEditPage = lazyPage(() => import('./prment/pages/prmentPages'), 'WarehousingEditPage');
const WarehousingInfoPage = lazyPage(() => import('./prment/pages/prmentPages'), 'WarehousingInfoPage');
const WarehousingConvertShipmentPage = lazyPage(
  () => import('./prment/pages/prmentPages'),
  'WarehousingConvertShipmentPage',
);
const WarehousingConvertPurchasePage = lazyPage(
  () => import('./prment/pages/prmentPages'),
  'WarehousingConvertPurchasePage',
);
const StocktakeListPage = lazyPage(() => import('./prment/pages/prmentPages'), 'StocktakeListPage');
const StocktakeAddPage = lazyPage(() => import('./prment/pages/prmentPages'), 'StocktakeAddPage');
const StocktakeEditPage = lazyPage(() => import('./prment/pages/prmentPages'), 'StocktakeEditPage');
const StocktakeResubmitPage = lazyPage(() => import('./prment/pages/prmentPages'), 'StocktakeResubmitPage');
const StocktakeInfoPage = lazyPage(() => import('./prment/pages/prmentPages'), 'StocktakeInfoPage');
const StocktakeConvertPage = lazyPage(() => import('./prment/pages/prmentPages'), 'StocktakeConvertPage');
const ReturnListPage = lazyPage(() => import('./prment/pages/prmentPages'), 'ReturnListPage');
const ReturnAddPage = lazyPage(() => import('./prment/pages/prmentPages'), 'ReturnAddPage');
const ReturnEditPage = lazyPage(() => import('./prment/pages/prmentPages'), 'ReturnEditPage');
const ReturnInfoPage = lazyPage(() => import('./prment/pages/prmentPages'), 'ReturnInfoPage');
const ReturnConvertPage = lazyPage(() => import('./prment/pages/prmentPages'), 'ReturnConvertPage');

export const INVENTORY_ROUTES: readonly RouteDef[] = [
  {
    path: '/inventory/config/audit',
    title: 'inventory:route.configAudit',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.inventory.config',
    area: 'shell',
    code: 'wfpf.inventory.config.audit',
    page: ApprovalSettingsPage,
  },
  // Documents (issue 15 part F).
  {
    path: '/inventory/prment/aplionform',
    title: 'inventory:route.prment.aplionform',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.aplionform',
    page: AplionformListPage,
  },
  {
    path: '/inventory/prment/aplionform/add',
    title: 'inventory:route.prment.aplionform.add',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.aplionform',
    page: AplionformAddPage,
  },
  {
    path: '/inventory/prment/aplionform/edit/:id',
    title: 'inventory:route.prment.aplionform.edit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.aplionform',
    page: AplionformEditPage,
  },
  {
    path: '/inventory/prment/aplionform/info/:id',
    title: 'inventory:route.prment.aplionform.info',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.aplionform',
    page: AplionformInfoPage,
  },
  {
    path: '/inventory/prment/transfer',
    title: 'inventory:route.prment.transfer',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.transfer',
    page: TransferListPage,
  },
  {
    path: '/inventory/prment/transfer/add',
    title: 'inventory:route.prment.transfer.add',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.transfer',
    page: TransferAddPage,
  },
  {
    path: '/inventory/prment/transfer/edit/:id',
    title: 'inventory:route.prment.transfer.edit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.transfer',
    page: TransferEditPage,
  },
  {
    path: '/inventory/prment/transfer/info/:id',
    title: 'inventory:route.prment.transfer.info',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.transfer',
    page: TransferInfoPage,
  },
  {
    path: '/inventory/prment/transfer/convert/:id',
    title: 'inventory:route.prment.transfer.convert',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.transfer',
    page: TransferConvertPage,
  },
  {
    path: '/inventory/prment/shipment',
    title: 'inventory:route.prment.shipment',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.shipment',
    page: ShipmentListPage,
  },
  {
    path: '/inventory/prment/shipment/add',
    title: 'inventory:route.prment.shipment.add',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.shipment',
    page: ShipmentAddPage,
  },
  {
    path: '/inventory/prment/shipment/edit/:id',
    title: 'inventory:route.prment.shipment.edit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.shipment',
    page: ShipmentEditPage,
  },
  {
    path: '/inventory/prment/shipment/info/:id',
    title: 'inventory:route.prment.shipment.info',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.shipment',
    page: ShipmentInfoPage,
  },
  {
    path: '/inventory/prment/shipment/convert/:id',
    title: 'inventory:route.prment.shipment.convert',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.shipment',
    page: ShipmentConvertPage,
  },
  {
    path: '/inventory/prment/shipment/return/:id',
    title: 'inventory:route.prment.shipment.return',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.shipment',
    page: ShipmentReturnPage,
  },
  {
    path: '/inventory/prment/warehousing',
    title: 'inventory:route.prment.warehousing',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.warehousing',
    page: WarehousingListPage,
  },
  {
    path: '/inventory/prment/warehousing/add',
    title: 'inventory:route.prment.warehousing.add',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.warehousing',
    page: WarehousingAddPage,
  },
  {
    path: '/inventory/prment/warehousing/edit/:id',
    title: 'inventory:route.prment.warehousing.edit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.warehousing',
    page: WarehousingEditPage,
  },
  {
    path: '/inventory/prment/warehousing/info/:id',
    title: 'inventory:route.prment.warehousing.info',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.warehousing',
    page: WarehousingInfoPage,
  },
  {
    path: '/inventory/prment/warehousing/convert_shipment/:id',
    title: 'inventory:route.prment.warehousing.convert_shipment',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.warehousing',
    page: WarehousingConvertShipmentPage,
  },
  {
    path: '/inventory/prment/warehousing/convert_purchase/:id',
    title: 'inventory:route.prment.warehousing.convert_purchase',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.warehousing',
    page: WarehousingConvertPurchasePage,
  },
  {
    path: '/inventory/prment/inventory_form',
    title: 'inventory:route.prment.inventory_form',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.inventory_form',
    page: StocktakeListPage,
  },
  {
    path: '/inventory/prment/inventory_form/add',
    title: 'inventory:route.prment.inventory_form.add',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.inventory_form',
    page: StocktakeAddPage,
  },
  {
    path: '/inventory/prment/inventory_form/edit/:id',
    title: 'inventory:route.prment.inventory_form.edit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.inventory_form',
    page: StocktakeEditPage,
  },
  {
    path: '/inventory/prment/inventory_form/resubmit/:id',
    title: 'inventory:route.prment.inventory_form.resubmit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.inventory_form',
    page: StocktakeResubmitPage,
  },
  {
    path: '/inventory/prment/inventory_form/info/:id',
    title: 'inventory:route.prment.inventory_form.info',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.inventory_form',
    page: StocktakeInfoPage,
  },
  {
    path: '/inventory/prment/inventory_form/convert/:id',
    title: 'inventory:route.prment.inventory_form.convert',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.inventory_form',
    page: StocktakeConvertPage,
  },
  {
    path: '/inventory/prment/return',
    title: 'inventory:route.prment.return',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.return',
    page: ReturnListPage,
  },
  {
    path: '/inventory/prment/return/add',
    title: 'inventory:route.prment.return.add',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.return',
    page: ReturnAddPage,
  },
  {
    path: '/inventory/prment/return/edit/:id',
    title: 'inventory:route.prment.return.edit',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.return',
    page: ReturnEditPage,
  },
  {
    path: '/inventory/prment/return/info/:id',
    title: 'inventory:route.prment.return.info',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.return',
    page: ReturnInfoPage,
  },
  {
    path: '/inventory/prment/return/convert/:id',
    title: 'inventory:route.prment.return.convert',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.return',
    page: ReturnConvertPage,
  },
];
