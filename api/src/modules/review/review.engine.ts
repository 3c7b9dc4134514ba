import {
  CharacterType,
  invalidItem,
  ISSUE_MESSAGES,
  renderMentions,
  ReviewCategory,
  StoryGenType,
  StoryStatus,
  storyMentionNames,
  validItem,
  type ForbiddenWords,
  type ReviewItem,
  type StoryContent,
  type StoryReviewResult,
} from 'shared-kit';
import type { ModerationProvider, ModerationVerdict } from '../../ai';

/** Categories that fail a story outright; anything else flagged makes it Unqualified (live nowhere, fixable). */
const FAILING: ReadonlySet<ReviewCategory> = new Set<ReviewCategory>([
  ReviewCategory.Others,
  ReviewCategory.Adult,
  ReviewCategory.Minor,
  ReviewCategory.Hateful,
  ReviewCategory.Suicide,
  ReviewCategory.IllegalOverseas,
  ReviewCategory.Dangerous,
]);

export type ReviewOutcome =
  typeof StoryStatus.Passed | typeof StoryStatus.Failed | typeof StoryStatus.Unqualified;

export interface ReviewReport {
  status: ReviewOutcome;
  review_result: StoryReviewResult;
  /** For operators: which item tripped on what. */
  notes: string[];
}

interface Probe {
  key: string;
  text: string;
}

/** The reason shown on a refused field, from the shared catalogue so that a client says it in its UI's language. */
const CATEGORY_REASON: Partial<Record<ReviewCategory, string>> = {
  [ReviewCategory.Adult]: ISSUE_MESSAGES.reviewAdult,
  [ReviewCategory.Minor]: ISSUE_MESSAGES.reviewMinor,
  [ReviewCategory.Hateful]: ISSUE_MESSAGES.reviewHateful,
  [ReviewCategory.Harassment]: ISSUE_MESSAGES.reviewHarassment,
  [ReviewCategory.Suicide]: ISSUE_MESSAGES.reviewSuicide,
  [ReviewCategory.Violent]: ISSUE_MESSAGES.reviewViolent,
  [ReviewCategory.IllegalOverseas]: ISSUE_MESSAGES.reviewIllegal,
  [ReviewCategory.Dangerous]: ISSUE_MESSAGES.reviewDangerous,
};

/** The texts of a version that the review reads, keyed by their place in the review result. */
function probes(content: StoryContent): Probe[] {
  const names = storyMentionNames(content);
  // Reviewers read texts as players will see them, with mentions shown as names.
  const shown = (text: string): string => renderMentions(text, names);
  const out: Probe[] = [];
  for (const c of content.characters) {
    // The player is reviewed in its own slot, and the voice-over entry has no text of its own.
    if (c.type === CharacterType.VoiceOver) continue;
    out.push({ key: `c:${c.character_id}:name`, text: c.character_name });
    out.push({ key: `c:${c.character_id}:settings`, text: shown(c.settings) });
    out.push({ key: `c:${c.character_id}:style`, text: shown(c.style) });
  }
  if (content.story_gen_type === StoryGenType.SingleBot) {
    // A bot is its character and its opening line: its name is the character's (reviewed above), and it has no
    // chapters, summary or player to read.
    out.push({ key: 'prologue', text: shown(content.prologue.content) });
    out.push({ key: 'introduction', text: shown(content.introduction) });
    return out.filter((p) => p.text.trim() !== '');
  }
  for (const n of content.nodes) {
    out.push({ key: `n:${n.node_id}:name`, text: n.name });
    out.push({ key: `n:${n.node_id}:content`, text: shown(n.content) });
    out.push({ key: `n:${n.node_id}:ending_content`, text: shown(n.ending_content) });
    // A branching story's texts players read or the director works from: options, outcomes, rules.
    for (const o of n.options ?? []) out.push({ key: `n:${n.node_id}:option:${o.option_id}`, text: shown(o.text) });
    for (const r of n.routes ?? []) out.push({ key: `n:${n.node_id}:outcome:${r.route_id}`, text: shown(r.outcome ?? '') });
    for (const r of n.rules ?? []) out.push({ key: `n:${n.node_id}:rule:${r.rule_id}`, text: shown(r.when) });
  }
  // A variable's name and label: the status line shows them to players.
  for (const v of content.variables ?? []) out.push({ key: `v:${v.name}`, text: [v.name.replace(/_/g, ' '), v.label ?? ''].join(' ').trim() });
  out.push({ key: 'summary', text: shown(content.summary) });
  out.push({ key: 'name', text: content.story_name });
  out.push({ key: 'prologue', text: shown(content.prologue.content) });
  out.push({ key: 'introduction', text: shown(content.introduction) });
  out.push({ key: 'player:character_name', text: content.player.character_name });
  out.push({ key: 'player:settings', text: shown(content.player.settings) });
  return out.filter((p) => p.text.trim() !== '');
}

/** A node's review items for its graph texts, only those it has (a chapter's review stays as it was). */
function graphItems(n: StoryContent['nodes'][number], item: (key: string) => ReviewItem) {
  return {
    ...(n.options?.length ? { options: n.options.map((o) => ({ option_id: o.option_id, text: item(`n:${n.node_id}:option:${o.option_id}`) })) } : {}),
    ...(n.routes?.some((r) => r.outcome) ? { outcomes: n.routes.map((r) => ({ route_id: r.route_id, outcome: item(`n:${n.node_id}:outcome:${r.route_id}`) })) } : {}),
    ...(n.rules?.length ? { rules: n.rules.map((r) => ({ rule_id: r.rule_id, when: item(`n:${n.node_id}:rule:${r.rule_id}`) })) } : {}),
  };
}

export interface ReviewDeps {
  forbidden: ForbiddenWords;
  /** The model's moderation; null when no model is configured (the lists alone decide). */
  moderation: ModerationProvider | null;
  signal?: AbortSignal;
}

/**
 * Reviews one version: every text against the forbidden-word lists, and against the moderation provider when there
 * is one. Pictures are not judged here (the upload checks them), so their items are valid.
 */
export async function reviewContent(content: StoryContent, deps: ReviewDeps): Promise<ReviewReport> {
  const items = probes(content);
  const verdicts = new Map<string, ModerationVerdict>();
  for (const p of items) {
    const word = deps.forbidden.find(p.text);
    if (word !== null)
      verdicts.set(p.key, {
        flagged: true,
        categories: [ReviewCategory.Others],
        detail: `listed word "${word}"`,
      });
  }
  if (deps.moderation) {
    const rest = items.filter((p) => !verdicts.has(p.key));
    const results = await deps.moderation.moderate(
      rest.map((p) => p.text),
      deps.signal,
    );
    rest.forEach((p, i) => {
      const v = results[i];
      if (v?.flagged) verdicts.set(p.key, v);
    });
  }

  const notes: string[] = [];
  let failed = false;
  let unqualified = false;
  const item = (key: string): ReviewItem => {
    const v = verdicts.get(key);
    if (!v) return validItem();
    notes.push(`${key}: ${v.detail ?? v.categories.join(', ')}`);
    if (v.categories.some((c) => FAILING.has(c))) failed = true;
    else unqualified = true;
    const first = v.categories.find((c) => CATEGORY_REASON[c]);
    return invalidItem(first ? (CATEGORY_REASON[first] ?? '') : ISSUE_MESSAGES.reviewWords);
  };

  const review_result: StoryReviewResult = {
    characters: content.characters
      .filter((c) => c.type !== CharacterType.VoiceOver)
      .map((c) => ({
        character_id: c.character_id,
        img: validItem(),
        name: item(`c:${c.character_id}:name`),
        settings: item(`c:${c.character_id}:settings`),
        style: item(`c:${c.character_id}:style`),
      })),
    nodes: content.nodes.map((n) => ({
      node_id: n.node_id,
      img: validItem(),
      name: item(`n:${n.node_id}:name`),
      content: item(`n:${n.node_id}:content`),
      ending_content: item(`n:${n.node_id}:ending_content`),
      ...graphItems(n, item),
    })),
    summary: item('summary'),
    name: item('name'),
    prologue: item('prologue'),
    introduction: item('introduction'),
    player: { character_name: item('player:character_name'), settings: item('player:settings') },
    ...(content.variables?.length ? { variables: content.variables.map((v) => ({ name: v.name, label: item(`v:${v.name}`) })) } : {}),
  };
  const status: ReviewOutcome = failed
    ? StoryStatus.Failed
    : unqualified
      ? StoryStatus.Unqualified
      : StoryStatus.Passed;
  return { status, review_result, notes };
}

/** What the review says of a set of texts (a collection's name and description...): the outcome, the refused keys. */
export interface TextsReport {
  status: ReviewOutcome;
  /** Refused texts by key, with the reason a client shows. */
  refused: Array<{ key: string; reason: string }>;
  notes: string[];
}

/**
 * Reviews texts other than a story's, by the same rules: the forbidden-word lists, then the moderation provider when
 * there is one; a failing category fails, any other flag makes the outcome Unqualified.
 */
export async function reviewTexts(texts: Array<{ key: string; text: string }>, deps: ReviewDeps): Promise<TextsReport> {
  const items = texts.filter((t) => t.text.trim() !== '');
  const verdicts = new Map<string, ModerationVerdict>();
  for (const p of items) {
    const word = deps.forbidden.find(p.text);
    if (word !== null) verdicts.set(p.key, { flagged: true, categories: [ReviewCategory.Others], detail: `listed word "${word}"` });
  }
  if (deps.moderation) {
    const rest = items.filter((p) => !verdicts.has(p.key));
    if (rest.length > 0) {
      const results = await deps.moderation.moderate(rest.map((p) => p.text), deps.signal);
      rest.forEach((p, i) => {
        const v = results[i];
        if (v?.flagged) verdicts.set(p.key, v);
      });
    }
  }
  let failed = false;
  const refused: TextsReport['refused'] = [];
  const notes: string[] = [];
  for (const [key, v] of verdicts) {
    notes.push(`${key}: ${v.detail ?? v.categories.join(', ')}`);
    if (v.categories.some((c) => FAILING.has(c))) failed = true;
    const first = v.categories.find((c) => CATEGORY_REASON[c]);
    refused.push({ key, reason: first ? (CATEGORY_REASON[first] ?? '') : ISSUE_MESSAGES.reviewWords });
  }
  const status: ReviewOutcome = failed ? StoryStatus.Failed : refused.length > 0 ? StoryStatus.Unqualified : StoryStatus.Passed;
  return { status, refused, notes };
}
