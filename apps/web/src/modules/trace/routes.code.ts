import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// Trace pages of the code part (issue 18); modules/trace/routes.ts joins the parts.

const CodePackagePage = lazyPage(() => import('./code/CodePackagePage'), 'CodePackagePage');
const ScanRecordPage = lazyPage(() => import('./code/ScanRecordPage'), 'ScanRecordPage');

export const TRACE_CODE_ROUTES: readonly RouteDef[] = [
  {
    path: '/web/trace/code-package',
    title: 'trace:route.codePackage',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.trace',
    area: 'shell',
    code: 'wfpf.farm.trace.code-package',
    page: CodePackagePage,
  },
  {
    path: '/web/trace/record',
    title: 'trace:route.record',
    isAuth: true,
    isKeeping: false,
    group: 'wfpf.farm.trace',
    area: 'shell',
    code: 'wfpf.farm.trace.record',
    page: ScanRecordPage,
  },
];
