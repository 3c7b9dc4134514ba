// The report module's face: what other modules may use. Everything else in this folder is its own.
export { Report, ReportCase } from './report.model';
export { reportsAgainst } from './report.present';
export { type ReportCaseRecord, type ReportRecord } from './report.model';
export { presentCase } from './report.present';
export { targetView } from './report.targets';
export { reportRoutes } from './report.routes';
