// The public surface of trace codes (ADR 0009): the public page (part D) records scans and resolves
// serials; the overview reads the counts; the composition root wires routes, jobs and demo data.
export { traceCodeJobs } from './code.jobs.js';
export { registerTraceCodeRoutes } from './code.routes.js';
export {
  attachScanPlace,
  recordTraceScan,
  TRACE_SCAN_PLACE_WINDOW_MINUTES,
  type TraceScanPlaceInput,
  resolveTraceSerial,
  type TraceScanInput,
  type TraceScanResult,
  traceCodeCounts,
} from './scan.service.js';
export { seedDemoTraceCodes, seedDemoTraceCodesLater } from './code.demo.js';
