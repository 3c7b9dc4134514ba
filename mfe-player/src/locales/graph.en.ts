/** A branching story's play copy: choices, the variables' status line, endings found and the map (the `player` namespace). */
const graphEn = {
  graph: {
    choices: 'Your choice',
    typeInstead: 'Or type what you do',
    status: 'Your story so far',
    flagOn: '{{label}}',
    valueOf: '{{label}} {{value}}',
    endingReached: 'Ending reached: {{title}}',
    endingsFound: '{{found}} of {{count}} endings found',
    endingsFoundTitle: 'Endings you found',
    mapTitle: 'Where you went',
    mapHint: 'Places you passed are named; the rest stay hidden until you reach them.',
    hiddenNode: 'Not reached yet',
    loadingMap: 'Loading your map…',
    mapFailed: 'Your map could not be loaded.',
    nodeType: {
      Simple: 'Scene',
      NormalContent: 'Scene',
      ChoiceContent: 'Choice',
      JudgeContent: 'Turning point',
      VariableAssignment: 'Change',
      Success: 'Good ending',
      Fail: 'Bad ending',
      Folder: 'Group',
    },
  },
} as const;

export default graphEn;
export type GraphCatalogue = typeof graphEn;
