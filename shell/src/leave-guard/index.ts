export { leaveDecision, type LeaveDecision } from './decision';
export { LeaveGuard } from './LeaveGuard';
export { leaveGuard, leaveGuardStore, type LeaveGuardRegistration, type LeaveGuardState } from './store';
