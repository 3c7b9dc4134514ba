// The report module's face: what other modules may use. Everything else in this folder is its own.
export { Report, ReportCase } from './report.model';
export { reportsAgainst } from './report.present';
