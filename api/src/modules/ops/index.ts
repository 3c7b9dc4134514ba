// The ops module's face: the operators' console (review queue, stats, mail and pushes, audit search, the report
// queue). It builds on the moderation modules and none of them imports it.
export { opsRoutes } from './ops.routes';
export { reportConsoleRoutes } from './report.routes';
