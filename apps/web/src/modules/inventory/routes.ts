import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';
import { PRMENT_ROUTES } from './prment/prmentRoutes';

// The pages of the inventory domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'inventory' locale namespace (the base-data pages' texts in 'invBase').

const ApprovalSettingsPage = lazyPage(() => import('./config/ApprovalSettingsPage'), 'ApprovalSettingsPage');
const OptionPage = lazyPage(() => import('./config/OptionPage'), 'OptionPage');
const UnitPage = lazyPage(() => import('./base/UnitPage'), 'UnitPage');
const BillPage = lazyPage(() => import('./base/BillPage'), 'BillPage');
const StandardPage = lazyPage(() => import('./base/StandardPage'), 'StandardPage');
const StorePage = lazyPage(() => import('./base/StorePage'), 'StorePage');
const StoreManagerPage = lazyPage(() => import('./base/StorePage'), 'StoreManagerPage');
const ShopListPage = lazyPage(() => import('./base/ShopListPage'), 'ShopListPage');
const ShopFormPage = lazyPage(() => import('./base/ShopFormPage'), 'ShopFormPage');
const BusinessListPage = lazyPage(() => import('./base/BusinessListPage'), 'BusinessListPage');
const BusinessFormPage = lazyPage(() => import('./base/BusinessFormPage'), 'BusinessFormPage');

/** A base-data page: menu group wfpf.inventory.base, kept alive, its own code (children name it). */
const base = (path: string, title: string, page: RouteDef['page'], code?: string): RouteDef => ({
  path,
  title: `inventory:route.base.${title}`,
  isAuth: true,
  isKeeping: code === undefined,
  group: 'wfpf.inventory.base',
  area: 'shell',
  ...(code ? { code } : {}),
  page,
});
const StockPage = lazyPage(() => import('./prment/stock/StockPage'), 'StockPage');
const StockReportPage = lazyPage(() => import('./prment/report/StockReportPage'), 'StockReportPage');

const ProductListPage = lazyPage(() => import('./base/product/pages/ProductListPage'), 'ProductListPage');
const ProductFormPage = lazyPage(() => import('./base/product/pages/ProductFormPage'), 'ProductFormPage');

// base/product and its add / edit pages, farm produce included (issue 15, part B).
const productPage = (
  path: string,
  title: string,
  page: typeof ProductListPage,
  isKeeping = false,
): RouteDef => ({
  path,
  title: `inventory:route.${title}`,
  isAuth: true,
  isKeeping,
  group: 'wfpf.inventory.base',
  area: 'shell',
  code: 'wfpf.inventory.base.product',
  page,
});
const PRODUCT_ROUTES: readonly RouteDef[] = [
  productPage('/inventory/base/product', 'product', ProductListPage, true),
  productPage('/inventory/base/product/add', 'productAdd', ProductFormPage),
  productPage('/inventory/base/product/edit/:id', 'productEdit', ProductFormPage),
  productPage('/inventory/base/product/agricultural/add', 'productAgriAdd', ProductFormPage),
  productPage('/inventory/base/product/agricultural/edit/:id', 'productAgriEdit', ProductFormPage),
];

export const INVENTORY_ROUTES: readonly RouteDef[] = [
  ...PRODUCT_ROUTES,
  base('/inventory/base/unit', 'unit', UnitPage),
  base('/inventory/base/bill', 'bill', BillPage),
  base('/inventory/base/standard', 'standard', StandardPage),
  base('/inventory/base/store', 'store', StorePage),
  base('/inventory/base/shops', 'shops', ShopListPage),
  base('/inventory/base/shops/add', 'shopAdd', ShopFormPage, 'wfpf.inventory.base.shops'),
  base('/inventory/base/shops/edit/:id', 'shopEdit', ShopFormPage, 'wfpf.inventory.base.shops'),
  base('/inventory/base/businesses', 'businesses', BusinessListPage),
  base('/inventory/base/businesses/add', 'businessAdd', BusinessFormPage, 'wfpf.inventory.base.businesses'),
  base(
    '/inventory/base/businesses/edit/:id',
    'businessEdit',
    BusinessFormPage,
    'wfpf.inventory.base.businesses',
  ),
  {
    path: '/system/storeManager',
    title: 'inventory:route.base.storeManager',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.company.system.farm-maintenance',
    area: 'shell',
    page: StoreManagerPage,
  },
  {
    path: '/inventory/prment/stock',
    title: 'inventory:route.prmentStock',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.stock',
    page: StockPage,
  },
  {
    path: '/inventory/prment/report',
    title: 'inventory:route.prmentReport',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.inventory.prment',
    area: 'shell',
    code: 'wfpf.inventory.prment.report',
    page: StockReportPage,
  },
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
  {
    path: '/inventory/config/option',
    title: 'inventory:route.base.option',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.inventory.config',
    area: 'shell',
    code: 'wfpf.inventory.config.option',
    page: OptionPage,
  },
  ...PRMENT_ROUTES,
];
