// The public surface of report: what other domains may use (ADR 0009).
export { buildWorkbook, exportFileName, sendXlsx, sheet } from './report.xlsx.js';
