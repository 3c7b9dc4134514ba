// The report module's face: what other modules may use. Everything else in this folder is its own.
export { Report, ReportCase, type ReportCaseRecord, type ReportRecord } from './report.model';
export { reportsAgainst, presentCase } from './report.present';
export { targetView } from './report.targets';
export { reportRoutes } from './report.routes';
