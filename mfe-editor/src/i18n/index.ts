import { ValidationErrorType, type StoryIssue } from 'shared-kit';
import { i18n, registerNamespace, useTranslation } from 'ui-kit';

/** The editor remote's namespace: its catalogues are chunks of their own, fetched for the language in use. */
export const EDITOR_NS = 'editor';

registerNamespace(EDITOR_NS, {
  en: () => import('../locales/en/editor'),
  'zh-CN': () => import('../locales/zh-CN/editor'),
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

/** The shared rules' messages (shared-kit story validation, English) and the catalogue key that says them. */
const EXACT: Record<string, string> = {
  'This field is required': 'issues.required',
  'Mentions a character that was deleted': 'issues.deletedMention',
  'Choose a voice': 'issues.chooseVoice',
  'Add a picture': 'issues.addPicture',
  'Choose who speaks the prologue': 'issues.chooseSpeaker',
  'The prologue speaker was deleted': 'issues.speakerDeleted',
  'Add at least one plot': 'issues.addPlot',
  'Chapter names cannot contain spaces': 'issues.chapterNameSpaces',
  'The last plot needs an ending': 'issues.lastEnding',
  'Write an ending instead of "none"': 'issues.endingNone',
  'Choose a background': 'issues.chooseBackground',
  'Choose a drawing style': 'issues.chooseDrawingStyle',
  'Choose the narrator voice': 'issues.chooseNarrator',
  'A bot has exactly one character': 'issues.botOneCharacter',
  "The opening line must be the bot's own": 'issues.botOwnOpening',
  'A bot has no chapters': 'issues.botNoChapters',
  'Name is required': 'issues.nameRequired',
  'Name must not start or end with a space': 'issues.nameEdgeSpace',
  'Name must not contain special characters': 'issues.nameSpecial',
  'This name is reserved': 'issues.nameReserved',
  'Name already used': 'issues.nameUsed',
  'This setting is not available, please edit and try again': 'issues.reviewGeneric',
  'This field is empty, please fill it in and try again': 'issues.reviewEmpty',
};

const PATTERNS: Array<[RegExp, string, (m: RegExpMatchArray) => Record<string, string>]> = [
  [/^At most (\d+) characters$/, 'issues.atMost', (m) => ({ max: m[1] ?? '' })],
  [/^At most (\d+) plots$/, 'issues.atMostPlots', (m) => ({ max: m[1] ?? '' })],
  [/^Name must be at most (\d+) characters$/, 'issues.nameTooLong', (m) => ({ max: m[1] ?? '' })],
  [/^Contains a forbidden word: "(.*)"$/, 'issues.forbiddenWord', (m) => ({ word: m[1] ?? '' })],
];

/**
 * A validation message in the UI language: the client's words for the shared rules' messages, else the text as it
 * came (a reviewer's reason from the server is shown as sent).
 */
export function issueText(message: string): string {
  const key = EXACT[message];
  if (key) return editorText(key);
  for (const [pattern, k, values] of PATTERNS) {
    const m = message.match(pattern);
    if (m) return editorText(k, values(m));
  }
  return message;
}

/** An issue's message in the UI language. */
export function issueMessage(issue: StoryIssue | undefined): string {
  return issue ? issueText(issue.message) : '';
}
