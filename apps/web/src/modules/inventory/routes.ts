import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';
import { PRMENT_ROUTES } from './prment/prmentRoutes';

// The pages of the inventory domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'inventory' locale namespace. Only the approval settings exist before issue 15.

const ApprovalSettingsPage = lazyPage(() => import('./config/ApprovalSettingsPage'), 'ApprovalSettingsPage');

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
  ...PRMENT_ROUTES,
];
