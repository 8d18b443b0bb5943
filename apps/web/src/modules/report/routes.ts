import { lazyPage } from '../../shared/routing/lazyPage';
import type { RouteDef } from '../../shared/routing/routeDef';

// The pages of the report domain (ARCHITECTURE §8); app/routes.ts joins every domain's table.
// Titles live in the 'report' locale namespace.

const ControlLogPage = lazyPage(() => import('./equipment-log/ControlLogPage'), 'ControlLogPage');
const OnlineLogPage = lazyPage(() => import('./equipment-log/OnlineLogPage'), 'OnlineLogPage');
const RainfallReportPage = lazyPage(() => import('./weather/RainfallReportPage'), 'RainfallReportPage');
const AriReportPage = lazyPage(() => import('./weather/AriReportPage'), 'AriReportPage');
const LightReportPage = lazyPage(() => import('./weather/LightReportPage'), 'LightReportPage');

export const REPORT_ROUTES: readonly RouteDef[] = [
  {
    path: '/web/report/equipmentLog/controlLog',
    title: 'report:route.reportControlLog',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.report',
    area: 'shell',
    code: 'wfpf.farm.report.equipmentLog-controlLog',
    page: ControlLogPage,
  },
  {
    path: '/web/report/equipmentLog/onlineLog',
    title: 'report:route.reportOnlineLog',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.report',
    area: 'shell',
    code: 'wfpf.farm.report.equipmentLog-onlineLog',
    page: OnlineLogPage,
  },
  // Weather reports (issue 5).
  {
    path: '/web/report/rainfall-report',
    title: 'report:route.reportRainfall',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.report',
    area: 'shell',
    code: 'wfpf.farm.report.rainfall-report',
    page: RainfallReportPage,
  },
  {
    path: '/web/report/ari-report',
    title: 'report:route.reportAri',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.report',
    area: 'shell',
    code: 'wfpf.farm.report.ari-report',
    page: AriReportPage,
  },
  {
    path: '/web/report/light-report',
    title: 'report:route.reportLight',
    isAuth: true,
    isKeeping: true,
    group: 'wfpf.farm.report',
    area: 'shell',
    code: 'wfpf.farm.report.light-report',
    page: LightReportPage,
  },
];
