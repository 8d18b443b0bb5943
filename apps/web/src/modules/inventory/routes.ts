import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the inventory domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'inventory' locale namespace. Only the approval settings exist before issue 15.

const ApprovalSettingsPage = lazyPage(() => import('./config/ApprovalSettingsPage'), 'ApprovalSettingsPage');
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
];
