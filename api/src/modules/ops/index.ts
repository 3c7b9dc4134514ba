// The ops module's face: what other modules may use. Everything else in this folder is its own.
export { AuditEntry, ReviewClaim } from './audit.model';
export { applyVerdict, resultFromReasons, writeAudit } from './ops.service';
export { requirePermission } from './permissions';
export { FEED_SORT, operateStory, reachFilter } from './visibility';
