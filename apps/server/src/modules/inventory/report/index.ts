// What other domains may use of inventory/report: its routes (read-only views of the stock ledger).
export { registerInvReportRoutes } from './report.routes.js';
export { REPORT_ACCESS } from './report.service.js';
