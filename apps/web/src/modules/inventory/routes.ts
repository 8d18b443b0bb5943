import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the inventory domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'inventory' locale namespace. Only the approval settings exist before issue 15.

const ApprovalSettingsPage = lazyPage(() => import('./config/ApprovalSettingsPage'), 'ApprovalSettingsPage');
const StockPage = lazyPage(() => import('./prment/stock/StockPage'), 'StockPage');
const StockReportPage = lazyPage(() => import('./prment/report/StockReportPage'), 'StockReportPage');

export const INVENTORY_ROUTES: readonly RouteDef[] = [
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
];
