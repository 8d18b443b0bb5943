import { lazyPage } from '../../../shared/routing/lazyPage';
import type { RouteDef } from '../../../shared/routing/routeDef';

// The six document types' pages (spec 01 §2.5 prment/*, issue 15 part F): one shared list, form and info
// page driven by the type. One permission code per page: the children carry their list's code; only the
// lists are kept alive.

const AplionformListPage = lazyPage(() => import('./pages/prmentPages'), 'AplionformListPage');
const AplionformAddPage = lazyPage(() => import('./pages/prmentPages'), 'AplionformAddPage');
const AplionformEditPage = lazyPage(() => import('./pages/prmentPages'), 'AplionformEditPage');
const AplionformInfoPage = lazyPage(() => import('./pages/prmentPages'), 'AplionformInfoPage');
const TransferListPage = lazyPage(() => import('./pages/prmentPages'), 'TransferListPage');
const TransferAddPage = lazyPage(() => import('./pages/prmentPages'), 'TransferAddPage');
const TransferEditPage = lazyPage(() => import('./pages/prmentPages'), 'TransferEditPage');
const TransferInfoPage = lazyPage(() => import('./pages/prmentPages'), 'TransferInfoPage');
const TransferConvertPage = lazyPage(() => import('./pages/prmentPages'), 'TransferConvertPage');
const ShipmentListPage = lazyPage(() => import('./pages/prmentPages'), 'ShipmentListPage');
const ShipmentAddPage = lazyPage(() => import('./pages/prmentPages'), 'ShipmentAddPage');
const ShipmentEditPage = lazyPage(() => import('./pages/prmentPages'), 'ShipmentEditPage');
const ShipmentInfoPage = lazyPage(() => import('./pages/prmentPages'), 'ShipmentInfoPage');
const ShipmentConvertPage = lazyPage(() => import('./pages/prmentPages'), 'ShipmentConvertPage');
const ShipmentReturnPage = lazyPage(() => import('./pages/prmentPages'), 'ShipmentReturnPage');
const WarehousingListPage = lazyPage(() => import('./pages/prmentPages'), 'WarehousingListPage');
const WarehousingAddPage = lazyPage(() => import('./pages/prmentPages'), 'WarehousingAddPage');
const WarehousingEditPage = lazyPage(() => import('./pages/prmentPages'), 'WarehousingEditPage');
const WarehousingInfoPage = lazyPage(() => import('./pages/prmentPages'), 'WarehousingInfoPage');
const WarehousingConvertShipmentPage = lazyPage(
  () => import('./pages/prmentPages'),
  'WarehousingConvertShipmentPage',
);
const WarehousingConvertPurchasePage = lazyPage(
  () => import('./pages/prmentPages'),
  'WarehousingConvertPurchasePage',
);
const StocktakeListPage = lazyPage(() => import('./pages/prmentPages'), 'StocktakeListPage');
const StocktakeAddPage = lazyPage(() => import('./pages/prmentPages'), 'StocktakeAddPage');
const StocktakeEditPage = lazyPage(() => import('./pages/prmentPages'), 'StocktakeEditPage');
const StocktakeResubmitPage = lazyPage(() => import('./pages/prmentPages'), 'StocktakeResubmitPage');
const StocktakeInfoPage = lazyPage(() => import('./pages/prmentPages'), 'StocktakeInfoPage');
const StocktakeConvertPage = lazyPage(() => import('./pages/prmentPages'), 'StocktakeConvertPage');
const ReturnListPage = lazyPage(() => import('./pages/prmentPages'), 'ReturnListPage');
const ReturnAddPage = lazyPage(() => import('./pages/prmentPages'), 'ReturnAddPage');
const ReturnEditPage = lazyPage(() => import('./pages/prmentPages'), 'ReturnEditPage');
const ReturnInfoPage = lazyPage(() => import('./pages/prmentPages'), 'ReturnInfoPage');
const ReturnConvertPage = lazyPage(() => import('./pages/prmentPages'), 'ReturnConvertPage');

/** A page of `segment` (aplionform, transfer, …): `child` '' for the list, else e.g. 'info/:id'. */
const doc = (segment: string, child: string, page: RouteDef['page']): RouteDef => ({
  path: `/inventory/prment/${segment}${child ? `/${child}` : ''}`,
  title: `inventory:route.prment.${segment}${child ? `.${child.split('/')[0]}` : ''}`,
  isAuth: true,
  isKeeping: child === '',
  group: 'wfpf.inventory.prment',
  area: 'shell',
  code: `wfpf.inventory.prment.${segment}`,
  page,
});

export const PRMENT_ROUTES: readonly RouteDef[] = [
  doc('aplionform', '', AplionformListPage),
  doc('aplionform', 'add', AplionformAddPage),
  doc('aplionform', 'edit/:id', AplionformEditPage),
  doc('aplionform', 'info/:id', AplionformInfoPage),
  doc('transfer', '', TransferListPage),
  doc('transfer', 'add', TransferAddPage),
  doc('transfer', 'edit/:id', TransferEditPage),
  doc('transfer', 'info/:id', TransferInfoPage),
  doc('transfer', 'convert/:id', TransferConvertPage),
  doc('shipment', '', ShipmentListPage),
  doc('shipment', 'add', ShipmentAddPage),
  doc('shipment', 'edit/:id', ShipmentEditPage),
  doc('shipment', 'info/:id', ShipmentInfoPage),
  doc('shipment', 'convert/:id', ShipmentConvertPage),
  doc('shipment', 'return/:id', ShipmentReturnPage),
  doc('warehousing', '', WarehousingListPage),
  doc('warehousing', 'add', WarehousingAddPage),
  doc('warehousing', 'edit/:id', WarehousingEditPage),
  doc('warehousing', 'info/:id', WarehousingInfoPage),
  doc('warehousing', 'convert_shipment/:id', WarehousingConvertShipmentPage),
  doc('warehousing', 'convert_purchase/:id', WarehousingConvertPurchasePage),
  doc('inventory_form', '', StocktakeListPage),
  doc('inventory_form', 'add', StocktakeAddPage),
  doc('inventory_form', 'edit/:id', StocktakeEditPage),
  doc('inventory_form', 'resubmit/:id', StocktakeResubmitPage),
  doc('inventory_form', 'info/:id', StocktakeInfoPage),
  doc('inventory_form', 'convert/:id', StocktakeConvertPage),
  doc('return', '', ReturnListPage),
  doc('return', 'add', ReturnAddPage),
  doc('return', 'edit/:id', ReturnEditPage),
  doc('return', 'info/:id', ReturnInfoPage),
  doc('return', 'convert/:id', ReturnConvertPage),
];
