import type { StoryVariable } from 'shared-kit';
import type { DemoStory } from './stories.data';

/**
 * The demo stories with choices (issue 29): each is a graph with a choice, a change to a variable, a judge on a
 * variable and two endings, one Success and one Fail, with variables the player sees in the status line. Scenes'
 * objectives ask for concrete acts, as the line demos' do (the offline director hears them done).
 */

/** A node of a demo graph: a scene, a choice, a change to variables, a judge, or an ending. */
export type DemoNode =
  | { id: string; type: 'NormalContent'; name: string; content: string; objective: string; bgm?: string }
  | { id: string; type: 'ChoiceContent'; name: string; content: string; options: Array<{ id: string; text: string }> }
  | { id: string; type: 'VariableAssignment'; name: string; changes: Array<{ variable: string; op: 'set' | 'add'; value: number | boolean | string }> }
  | { id: string; type: 'JudgeContent'; name: string; routes: Array<{ id: string; variable: string; op: 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge'; value: number | boolean | string }> }
  | { id: string; type: 'Success' | 'Fail'; name: string; ending: string };

export interface DemoGraphStory extends Omit<DemoStory, 'chapters'> {
  variables: StoryVariable[];
  /** The first node is the start. */
  nodes: DemoNode[];
  /** [source, handle, target]: a scene and a change leave by `next`, an option by its id, a judge by a route or `otherwise`. */
  edges: Array<[string, string, string]>;
}

export const DEMO_GRAPH_STORIES: readonly DemoGraphStory[] = [
  {
    name: "The Ferryman's Toll",
    introduction:
      'The last ferry of the night crosses a black river to an island of lanterns. The ferryman asks one coin and one promise: keep your hands in the boat. Will you?',
    summary: 'A night crossing with a silent ferryman, a lantern under the water, and a promise that decides how the night ends.',
    cover: 'old ferryman rowing a small boat across a misty river at night, lanterns on the far shore',
    style: 'watercolor',
    player: { name: 'Rue', settings: 'A traveller who missed the last bridge home. Curious, easily tempted by shiny things.' },
    prologue: { speaker: 'caron', content: 'One coin for the crossing. And keep your hands in the boat, whatever you see in the water.' },
    characters: [
      {
        id: 'caron',
        name: 'Caron Vell',
        settings: 'The old ferryman of the black river. Says little, notices everything, and trusts only those who keep their word.',
        style: 'The river keeps what it is given. Hands in the boat. Hm. A promise is heavier than a coin.',
        voice: 'en_male_deep',
        portrait: 'old ferryman with a grey beard and a hooded cloak',
      },
      {
        id: 'lio',
        name: 'Lio Marsh',
        settings: 'A lantern seller on the island who meets every ferry. Cheerful, chatty, and worried about the river.',
        style: 'Welcome, welcome! Lanterns, three for a song. Did he make you promise too? He always does.',
        voice: 'en_female_bright',
        portrait: 'young woman lantern seller with a warm smile',
      },
    ],
    variables: [
      { name: 'coins', kind: 'Integer', initial: 2, min: 0, max: 9, visible: true, label: 'Coins' },
      { name: 'promise_kept', kind: 'Bool', initial: true, visible: true, label: 'Promise kept' },
    ],
    nodes: [
      {
        id: 'dock',
        type: 'NormalContent',
        name: 'Dock',
        bgm: 'bgm_night_chase',
        content: 'Fog on the black river. Caron waits in his boat with a lamp at the bow and holds out his hand for the toll.',
        objective: 'Pay Caron one coin for the crossing.',
      },
      { id: 'paid', type: 'VariableAssignment', name: 'Toll', changes: [{ variable: 'coins', op: 'add', value: -1 }] },
      {
        id: 'lantern',
        type: 'ChoiceContent',
        name: 'Lantern',
        content: 'Halfway across, a lantern glows under the water, and something gold shines beside it. Caron rows on and does not look down.',
        options: [
          { id: 'reach', text: 'Reach into the water for the gold' },
          { id: 'still', text: 'Keep your hands in the boat' },
        ],
      },
      { id: 'grabbed', type: 'VariableAssignment', name: 'Grabbed', changes: [{ variable: 'coins', op: 'add', value: 3 }, { variable: 'promise_kept', op: 'set', value: false }] },
      {
        id: 'island',
        type: 'NormalContent',
        name: 'Island',
        bgm: 'bgm_first_light',
        content: 'The boat touches the island of lanterns. Lio runs down the jetty to meet it, and Caron watches your hands.',
        objective: 'Ask Lio about the lantern under the water.',
      },
      { id: 'judge', type: 'JudgeContent', name: 'Promise', routes: [{ id: 'kept', variable: 'promise_kept', op: 'eq', value: true }] },
      { id: 'home', type: 'Success', name: 'Home', ending: 'Caron nods once and rows you home at dawn. You kept your word, and the river lets you go.' },
      { id: 'stranded', type: 'Fail', name: 'Stranded', ending: 'Caron rows away without you. Your pockets are full of river gold, and the island keeps you.' },
    ],
    edges: [
      ['dock', 'next', 'paid'],
      ['paid', 'next', 'lantern'],
      ['lantern', 'reach', 'grabbed'],
      ['lantern', 'still', 'island'],
      ['grabbed', 'next', 'island'],
      ['island', 'next', 'judge'],
      ['judge', 'kept', 'home'],
      ['judge', 'otherwise', 'stranded'],
    ],
  },
  {
    name: 'The Night Market Wager',
    introduction:
      'At the night market a fox-masked stranger offers a game of three lanterns. Win, and she tells you where your lost sister went. Lose, and the market keeps you.',
    summary: 'A game of lanterns at a night market: read the stranger, make your bets, and win back a lost sister.',
    cover: 'busy night market with red paper lanterns and a masked stranger',
    style: 'anime',
    player: { name: 'Jun', settings: 'Looking for a younger sister who vanished at the night market a week ago. Brave, a careful listener.' },
    prologue: { speaker: 'kitsu', content: 'Three lanterns, one flame. Guess well twice and I will tell you where your sister went.' },
    characters: [
      {
        id: 'kitsu',
        name: 'Kitsu',
        settings: 'A stranger in a fox mask who runs the lantern game. Playful and honest in her own way: she never lies about the rules.',
        style: 'Oh, a careful one. I like careful ones. The flame never lies, little bird. Only the eyes do.',
        voice: 'en_female_calm',
        portrait: 'woman wearing a fox mask pushed up on her head, smiling',
      },
      {
        id: 'bo',
        name: 'Old Bo',
        settings: 'A noodle seller who has watched the lantern game for forty years and knows its tricks. Kind, a little deaf.',
        style: 'Eh? Speak up! Watch her hands, not the lanterns. Noodles first, then wagers.',
        voice: 'en_male_warm',
        portrait: 'old noodle seller with a white headband',
      },
    ],
    variables: [
      { name: 'luck', kind: 'Integer', initial: 0, min: 0, max: 3, visible: true, label: 'Luck' },
      { name: 'warned', kind: 'Bool', initial: false, visible: false },
    ],
    nodes: [
      {
        id: 'noodles',
        type: 'NormalContent',
        name: 'Noodles',
        content: 'Steam and lantern light. Old Bo serves noodles beside the game and says he knows how the fox woman cheats.',
        objective: 'Ask Old Bo how the lantern game is won.',
      },
      { id: 'tip', type: 'VariableAssignment', name: 'Tip', changes: [{ variable: 'warned', op: 'set', value: true }] },
      {
        id: 'bet',
        type: 'ChoiceContent',
        name: 'Wager',
        content: 'Kitsu lifts three lanterns: red, blue and white. One hides the flame. Which do you choose?',
        options: [
          { id: 'red', text: 'The red lantern, where her hand lingered' },
          { id: 'blue', text: 'The blue lantern, as Old Bo hinted' },
          { id: 'white', text: 'The white lantern, on a hunch' },
        ],
      },
      { id: 'won', type: 'VariableAssignment', name: 'Flame', changes: [{ variable: 'luck', op: 'add', value: 2 }] },
      { id: 'judge', type: 'JudgeContent', name: 'Luck', routes: [{ id: 'lucky', variable: 'luck', op: 'ge', value: 2 }] },
      { id: 'found', type: 'Success', name: 'Found', ending: 'Kitsu laughs and points to the lantern maker\'s stall. Your sister is there, painting lanterns, safe and sound.' },
      { id: 'kept', type: 'Fail', name: 'Kept', ending: 'The flame was elsewhere. Kitsu bows, the lanterns go out, and the market folds itself away with you inside.' },
    ],
    edges: [
      ['noodles', 'next', 'tip'],
      ['tip', 'next', 'bet'],
      ['bet', 'blue', 'won'],
      ['bet', 'red', 'judge'],
      ['bet', 'white', 'judge'],
      ['won', 'next', 'judge'],
      ['judge', 'lucky', 'found'],
      ['judge', 'otherwise', 'kept'],
    ],
  },
];
