import type { StoryIssue } from 'shared-kit';
import { create } from 'zustand';
import { useEditorStore } from './store';

/*
 * "Go to" for a problem of the Story map. A graph problem names its node (`node_id`) or a variable (`variables.3`),
 * not a field of the form: the validation dialog asks the Story map to open its list view at that node, and the list
 * focuses it once it is shown.
 */

/** What to show: a node by id, or a variable by its index. */
export type GraphTarget = { node: string } | { variable: number };

export const useGraphReveal = create<{ request: (GraphTarget & { seq: number }) | null }>(() => ({ request: null }));

let seq = 0;

/** Where the Story map shows this problem, or null when a form field shows it. */
export function graphTargetOf(issue: Pick<StoryIssue, 'path' | 'node_id'>): GraphTarget | null {
  if (issue.node_id !== undefined) return { node: issue.node_id };
  const variable = /^variables\.(\d+)(?:\.|$)/.exec(issue.path);
  return variable ? { variable: Number(variable[1]) } : null;
}

/** Closes the validation dialog and asks the Story map to show the target in its list view. */
export function revealInGraph(target: GraphTarget): void {
  seq += 1;
  useEditorStore.setState({ failure: null });
  useGraphReveal.setState({ request: { ...target, seq } });
}

export function clearGraphReveal(): void {
  useGraphReveal.setState({ request: null });
}

/** The element that shows the target in the list view (its node's card, or the variable's name field). */
export function revealElement(target: GraphTarget): HTMLElement | null {
  if ('node' in target) {
    return [...document.querySelectorAll<HTMLElement>('.graph-list [data-node-id]')].find((el) => el.dataset.nodeId === target.node) ?? null;
  }
  return document.getElementById(`list-var-${target.variable}-name`);
}
