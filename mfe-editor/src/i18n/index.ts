import { ISSUE_MESSAGES, ValidationErrorType, type IssueCode, type IssueValues, type StoryIssue } from 'shared-kit';
import { i18n, registerNamespace, useTranslation } from 'ui-kit';

/** The editor remote's namespace: its catalogues are chunks of their own, fetched for the language in use. */
export const EDITOR_NS = 'editor';

registerNamespace(EDITOR_NS, {
  en: () => import('../locales/en'),
  'zh-CN': () => import('../locales/zh-CN'),
});

/** `t` for the editor's copy (keys like `works.createStory`). */
export function useEditorT() {
  return useTranslation(EDITOR_NS);
}

/** The editor's copy outside React (store messages), in the UI language at the time of the call. */
export function editorText(key: string, values: Record<string, string | number> = {}): string {
  return i18n.t(`${EDITOR_NS}:${key}`, values);
}

/** The modal's title key for the kind of the first problem (spec section 5). */
export function failureTitleKey(type: number | undefined): string {
  switch (type) {
    case ValidationErrorType.Limit:
      return 'validation.titles.limit';
    case ValidationErrorType.ForbiddenWord:
    case ValidationErrorType.CheckFailed:
      return 'validation.titles.special';
    case ValidationErrorType.CharacterDeleted:
      return 'validation.titles.deleted';
    default:
      return 'validation.titles.required';
  }
}

/** The code of a shared rule's English message, for an issue that came without one (an older api's answer). */
const CODE_OF: ReadonlyMap<string, IssueCode> = new Map(
  (Object.keys(ISSUE_MESSAGES) as IssueCode[]).filter((code) => !ISSUE_MESSAGES[code].includes('{')).map((code) => [ISSUE_MESSAGES[code], code]),
);

/**
 * A validation message in the UI language: the client's words for a shared rule's code (`issues.<code>`, with its
 * values), else the text as it came (a reviewer's reason from the server is shown as sent).
 */
export function issueText(message: string, code?: IssueCode, values?: IssueValues): string {
  const known = code ?? CODE_OF.get(message);
  return known ? editorText(`issues.${known}`, values) : message;
}

/** An issue's message in the UI language. */
export function issueMessage(issue: StoryIssue | undefined): string {
  return issue ? issueText(issue.message, issue.code, issue.values) : '';
}
