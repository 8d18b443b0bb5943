import type { RouteDef } from '../../shared/routing/routeDef';
import { TRACE_CATALOG_ROUTES } from './routes.catalog';
import { TRACE_CHAIN_ROUTES } from './routes.chain';
import { TRACE_CODE_ROUTES } from './routes.code';

// The pages of the trace domain (spec 01 §2.4, issue 18): the catalogue (overview, products, outlets,
// business profile), codes and scans, and the ledger browser. Titles live in the 'trace' namespace.
export const TRACE_ROUTES: readonly RouteDef[] = [
  ...TRACE_CATALOG_ROUTES,
  ...TRACE_CODE_ROUTES,
  ...TRACE_CHAIN_ROUTES,
];
