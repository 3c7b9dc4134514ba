import { ValidationErrorType } from '../enums';
import type { StoryContent } from './schema';
import { ISSUE_MESSAGES } from './issues';
import type { StoryIssue } from './validate';

/** One reviewed item (spec section 3): valid or not, with the reason shown to the creator. */
export interface ReviewItem {
  is_valid: boolean;
  extra: { simple_reason: { display_reason: string } } | null;
}

export interface CharacterReview {
  character_id: string;
  img: ReviewItem;
  name: ReviewItem;
  settings: ReviewItem;
  style: ReviewItem;
}

export interface NodeReview {
  node_id: string;
  img: ReviewItem;
  name: ReviewItem;
  content: ReviewItem;
  ending_content: ReviewItem;
  /** A branching story's texts on the node (present only when the node has them): option texts, judge outcomes,
   * director rules. */
  options?: Array<{ option_id: string; text: ReviewItem }>;
  outcomes?: Array<{ route_id: string; outcome: ReviewItem }>;
  rules?: Array<{ rule_id: string; when: ReviewItem }>;
}

/** The review result of one story version, per item. The player character is not reviewed as a character. */
export interface StoryReviewResult {
  characters: CharacterReview[];
  nodes: NodeReview[];
  summary: ReviewItem;
  name: ReviewItem;
  prologue: ReviewItem;
  introduction: ReviewItem;
  player: { character_name: ReviewItem; settings: ReviewItem };
  /** A branching story's variables, by name: what the status line shows (the label, else the name). */
  variables?: Array<{ name: string; label: ReviewItem }>;
}

export const REVIEW_GENERIC_REASON = ISSUE_MESSAGES.reviewGeneric;
export const REVIEW_EMPTY_TIP = ISSUE_MESSAGES.reviewEmpty;

export const validItem = (): ReviewItem => ({ is_valid: true, extra: null });
export const invalidItem = (reason: string): ReviewItem => ({
  is_valid: false,
  extra: { simple_reason: { display_reason: reason } },
});

/**
 * The server's review turned into field errors (spec section 5): an item is invalid when `is_valid` is false; the
 * message is its display reason, else the generic one, or the empty-field tip when the field is empty.
 * Items whose character or plot is no longer in the story are dropped.
 */
export function reviewIssues(result: StoryReviewResult, story: StoryContent): StoryIssue[] {
  const out: StoryIssue[] = [];
  const add = (path: string, item: ReviewItem | undefined, value: string, nodeId?: string): void => {
    if (!item || item.is_valid) return;
    const reason = item.extra?.simple_reason.display_reason;
    // A graph's texts point at their node too, so the Story map shows them there.
    const on = nodeId !== undefined ? { node_id: nodeId } : {};
    if (value.trim() === '') out.push({ path, type: ValidationErrorType.ForbiddenWord, message: REVIEW_EMPTY_TIP, code: 'reviewEmpty', ...on });
    // The reviewer's own reason is shown as written; without one, the generic reason in the UI's words.
    else if (reason) out.push({ path, type: ValidationErrorType.ForbiddenWord, message: reason, ...on });
    else out.push({ path, type: ValidationErrorType.ForbiddenWord, message: REVIEW_GENERIC_REASON, code: 'reviewGeneric', ...on });
  };
  for (const r of result.characters) {
    const i = story.characters.findIndex((c) => c.character_id === r.character_id);
    const ch = story.characters[i];
    if (!ch) continue;
    add(`characters.${i}.character_url`, r.img, ch.character_url);
    add(`characters.${i}.character_name`, r.name, ch.character_name);
    add(`characters.${i}.settings`, r.settings, ch.settings);
    add(`characters.${i}.style`, r.style, ch.style);
  }
  add('summary', result.summary, story.summary);
  add('prologue.content', result.prologue, story.prologue.content);
  for (const r of result.nodes) {
    const i = story.nodes.findIndex((n) => n.node_id === r.node_id);
    const node = story.nodes[i];
    if (!node) continue;
    add(`nodes.${i}.background_url`, r.img, node.background_url);
    add(`nodes.${i}.name`, r.name, node.name);
    add(`nodes.${i}.content`, r.content, node.content);
    add(`nodes.${i}.ending_content`, r.ending_content, node.ending_content);
    for (const o of r.options ?? []) {
      const j = (node.options ?? []).findIndex((x) => x.option_id === o.option_id);
      if (j !== -1) add(`nodes.${i}.options.${j}`, o.text, node.options![j]!.text, node.node_id);
    }
    for (const o of r.outcomes ?? []) {
      const j = (node.routes ?? []).findIndex((x) => x.route_id === o.route_id);
      if (j !== -1) add(`nodes.${i}.routes.${j}`, o.outcome, node.routes![j]!.outcome ?? '', node.node_id);
    }
    for (const o of r.rules ?? []) {
      const j = (node.rules ?? []).findIndex((x) => x.rule_id === o.rule_id);
      if (j !== -1) add(`nodes.${i}.rules.${j}`, o.when, node.rules![j]!.when, node.node_id);
    }
  }
  for (const v of result.variables ?? []) {
    const k = (story.variables ?? []).findIndex((x) => x.name === v.name);
    if (k !== -1) add(`variables.${k}`, v.label, story.variables![k]!.label || v.name);
  }
  add('story_name', result.name, story.story_name);
  add('introduction', result.introduction, story.introduction);
  add('player.character_name', result.player.character_name, story.player.character_name);
  add('player.settings', result.player.settings, story.player.settings);
  return out;
}
