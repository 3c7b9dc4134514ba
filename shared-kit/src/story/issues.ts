/**
 * The shared story and name rules' messages, by code. A client says each in its own words under the code
 * (`issues.<code>` in the editor's catalogues, with the same `{values}`); the English text is what the api sends
 * beside it and what a client without the code shows. A reviewer's own reason has no code: it is shown as sent.
 */
export const ISSUE_MESSAGES = {
  required: 'This field is required',
  atMost: 'At most {max} characters',
  atMostPlots: 'At most {max} plots',
  deletedMention: 'Mentions a character that was deleted',
  forbiddenWord: 'Contains a forbidden word: "{word}"',
  chooseVoice: 'Choose a voice',
  voiceUnavailable: 'This voice is no longer available (deleted, rejected or private): choose another',
  addPicture: 'Add a picture',
  chooseSpeaker: 'Choose who speaks the prologue',
  speakerDeleted: 'The prologue speaker was deleted',
  addCharacter: 'Add at least one character',
  addPlot: 'Add at least one plot',
  chapterNameSpaces: 'Chapter names cannot contain spaces',
  lastEnding: 'The last plot needs an ending',
  endingNone: 'Write an ending instead of "none"',
  chooseBackground: 'Choose a background',
  chooseDrawingStyle: 'Choose a drawing style',
  chooseNarrator: 'Choose the narrator voice',
  botCharacter: "Create the bot's character",
  botOneCharacter: 'A bot has exactly one character',
  botOwnOpening: "The opening line must be the bot's own",
  botOpeningLine: "Write the bot's opening line",
  botNoChapters: 'A bot has no chapters',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most {max} characters',
  nameEdgeSpace: 'Name must not start or end with a space',
  nameSpecial: 'Name must not contain special characters',
  nameReserved: 'This name is reserved',
  nameUsed: 'Name already used',
  // The graph's rules (graph/validate), each pointing at its node.
  objectiveRequired: 'Write the objective that leads on from this scene',
  duplicateNodeId: 'Another node has the same id',
  choiceOptions: 'A choice offers {min} to {max} options',
  optionText: 'Write the text of this option',
  judgeRoutes: 'Add at least {min} routes',
  outcomeText: 'Name this outcome',
  routeCondition: 'Give this route a condition',
  noAssignments: 'Add at least one variable change',
  rulesOnContent: 'Only a content scene has director rules',
  endingText: 'Write the ending text',
  parentNotFolder: 'A node can only be grouped under a folder',
  edgeNowhere: 'A link from this node leads nowhere',
  handleTwice: 'A way out of this node has two links',
  nextMissing: 'Link this node to what comes next',
  otherwiseMissing: 'Link the "otherwise" route',
  handleMissing: 'Every option and route must lead somewhere',
  noEndingNode: 'Add a Success or Fail ending',
  unreachable: 'No path from the start reaches this node',
  deadEnd: 'From this node no path reaches Success or Fail',
  loopNoExit: 'This node is in a loop with no way out to Success or Fail',
  unknownVariable: 'No variable is named "{name}"',
  conditionKind: 'The variable "{name}" is {kind}: use a value and test of that kind',
  assignKind: 'The variable "{name}" is {kind}: use a value and change of that kind',
  variableDuplicate: 'Another variable is named "{name}"',
  variableInitial: 'The start value of "{name}" must be {kind} and inside its bounds',
  variableBounds: 'Only a whole-number variable has bounds, with min not above max',
  reviewGeneric: 'This setting is not available, please edit and try again',
  reviewEmpty: 'This field is empty, please fill it in and try again',
  // The automated review's reasons, one per kind of content it refuses (the api writes them, a client translates them).
  reviewAdult: 'Sexual content is not allowed',
  reviewMinor: 'Content involving minors is not allowed',
  reviewHateful: 'Hateful content is not allowed',
  reviewHarassment: 'Harassing content is not allowed',
  reviewSuicide: 'Content about self-harm is not allowed',
  reviewViolent: 'Violent content is not recommended',
  reviewIllegal: 'Content about illegal activity is not allowed',
  reviewDangerous: 'Dangerous content is not allowed',
  reviewWords: 'Contains words that are not allowed, please edit and try again',
} as const;

export type IssueCode = keyof typeof ISSUE_MESSAGES;
export type IssueValues = Record<string, string | number>;

/** The English message of a code, its `{name}` placeholders filled from `values`. */
export function issueEnglish(code: IssueCode, values: IssueValues = {}): string {
  return ISSUE_MESSAGES[code].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
