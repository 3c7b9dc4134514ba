/** What judging a chapter's objective answers, whatever the objective's script (objective.ts, objectiveCjk.ts). */
export interface ObjectiveVerdict {
  met: boolean;
  /** The steps the player's messages did, in the objective's words. */
  done: string[];
  steps: number;
}
