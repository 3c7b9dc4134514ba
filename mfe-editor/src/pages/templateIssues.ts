import type { TemplateIssue } from 'shared-kit';
import { editorText } from '../i18n';

/** A template rule's message in the UI language (the rules name themselves; the api's English is not shown). */
export function templateIssueText(issue: TemplateIssue | undefined): string | undefined {
  if (!issue) return undefined;
  return editorText(`template.rules.${issue.rule}`, { limit: issue.limit ?? 0 });
}

/** The first issue at each path. */
export function issuesByPath(issues: readonly TemplateIssue[]): Map<string, TemplateIssue> {
  const out = new Map<string, TemplateIssue>();
  for (const i of issues) if (!out.has(i.path)) out.set(i.path, i);
  return out;
}
