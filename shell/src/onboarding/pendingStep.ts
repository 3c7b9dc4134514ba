import { StorageKey, storage } from 'shared-kit';

export type Step = 'age' | 'terms' | 'nickname';
export const STEPS: readonly Step[] = ['age', 'terms', 'nickname'];

/** Where an account left the first-sign-in steps, kept under the spec's "proceed login step" storage key. */
export interface PendingStep {
  uid: string;
  step: Step;
  /** The age answer, needed again by the terms step. */
  isAdult?: boolean;
}

function isStep(value: unknown): value is Step {
  return typeof value === 'string' && (STEPS as readonly string[]).includes(value);
}

/** The step this account was on before a reload, or null (another account's, or unreadable). */
export function pendingStep(uid: string | undefined): PendingStep | null {
  if (!uid) return null;
  try {
    const value = JSON.parse(storage.get(StorageKey.ProceedLoginStep) ?? 'null') as Partial<PendingStep> | null;
    if (!value || value.uid !== uid || !isStep(value.step)) return null;
    return { uid, step: value.step, isAdult: typeof value.isAdult === 'boolean' ? value.isAdult : undefined };
  } catch {
    return null;
  }
}

/** Remembers the step shown now, so a reload comes back to it until the steps are done. */
export function rememberStep(pending: PendingStep): void {
  storage.set(StorageKey.ProceedLoginStep, JSON.stringify(pending));
}

export function clearPendingStep(): void {
  storage.remove(StorageKey.ProceedLoginStep);
}

/** True while this account still owes the nickname step (the server no longer asks for age and terms). */
export function owesNickname(uid: string | undefined): boolean {
  return pendingStep(uid)?.step === 'nickname';
}
