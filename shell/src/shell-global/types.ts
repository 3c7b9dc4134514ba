// The contract lives in shared-kit so that the shell and every remote read one declaration.
export type { LeaveGuardRegistration, ShellGlobal, ShellNavigateOptions } from 'shared-kit';
