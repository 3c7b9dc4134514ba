import type { StoryIssue } from 'shared-kit';

/**
 * Problems that block everything else, in the order a creator fixes them: without a character nobody can speak
 * (the prologue's speaker, the chapters' mentions), without a chapter there is nothing to play.
 */
const BLOCKING: readonly string[] = ['characters', 'nodes'];

function rank(issue: StoryIssue): number {
  const at = BLOCKING.indexOf(issue.path);
  return at === -1 ? BLOCKING.length : at;
}

/**
 * The problems of a failed save in the order a creator fixes them: what blocks everything first (a character,
 * then a chapter), then the fields in the editor's scroll order (spec section 5), as the rules found them.
 */
export function orderIssues(issues: readonly StoryIssue[]): StoryIssue[] {
  return issues
    .map((issue, at) => ({ issue, at }))
    .sort((a, b) => rank(a.issue) - rank(b.issue) || a.at - b.at)
    .map(({ issue }) => issue);
}
