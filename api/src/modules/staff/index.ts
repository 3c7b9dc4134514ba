// The staff module's face: operators' permissions, the audit trail of what they do, and story visibility (reach,
// promotion), which the console and the moderation modules (review, report, sanction, template, topic) build on.
export { AuditEntry, ReviewClaim } from './audit.model';
export { searchAudit, writeAudit, type AuditInput, type AuditQuery } from './audit.service';
export { changePermission, listOperators, OPS_PERMISSIONS, permissionsOf, requirePermission } from './permissions';
export { FEED_SORT, operateStory, operationUpdate, reachFilter, type OperateInput } from './visibility';
