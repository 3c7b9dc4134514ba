import {
  CharacterType,
  ErrorCode,
  invalidItem,
  StoryStatus,
  validItem,
  type ReviewItem,
  type StoryContent,
  type StoryReviewResult,
} from 'shared-kit';
import { AppError } from '../../lib/errors';
import { Story, StoryVersion, type StoryVersionRecord } from '../stories';
import type { operationUpdate } from '../staff';

/** A field of the review result: `name`, `summary`, `prologue`, `introduction`, `player.character_name`,
 * `player.settings`, `characters.<id>.<name|settings|style|img>`, `nodes.<id>.<name|content|ending_content|img>`, and a
 * branching story's `nodes.<id>.options.<option_id>`, `nodes.<id>.outcomes.<route_id>`, `nodes.<id>.rules.<rule_id>`,
 * `variables.<name>`. */
export interface FieldReason {
  field: string;
  reason: string;
}

/** The review result an operator's decision gives: the named fields invalid with their reasons, the rest valid. */
export function resultFromReasons(content: StoryContent, reasons: FieldReason[]): StoryReviewResult {
  const map = new Map(reasons.map((r) => [r.field, r.reason]));
  const used = new Set<string>();
  const item = (field: string): ReviewItem => {
    const reason = map.get(field);
    if (reason === undefined) return validItem();
    used.add(field);
    return invalidItem(reason);
  };
  const result: StoryReviewResult = {
    characters: content.characters
      .filter((c) => c.type !== CharacterType.VoiceOver)
      .map((c) => ({
        character_id: c.character_id,
        img: item(`characters.${c.character_id}.img`),
        name: item(`characters.${c.character_id}.name`),
        settings: item(`characters.${c.character_id}.settings`),
        style: item(`characters.${c.character_id}.style`),
      })),
    nodes: content.nodes.map((n) => ({
      node_id: n.node_id,
      img: item(`nodes.${n.node_id}.img`),
      name: item(`nodes.${n.node_id}.name`),
      content: item(`nodes.${n.node_id}.content`),
      ending_content: item(`nodes.${n.node_id}.ending_content`),
      ...(n.options?.length ? { options: n.options.map((o) => ({ option_id: o.option_id, text: item(`nodes.${n.node_id}.options.${o.option_id}`) })) } : {}),
      ...(n.routes?.some((r) => r.outcome) ? { outcomes: n.routes.map((r) => ({ route_id: r.route_id, outcome: item(`nodes.${n.node_id}.outcomes.${r.route_id}`) })) } : {}),
      ...(n.rules?.length ? { rules: n.rules.map((r) => ({ rule_id: r.rule_id, when: item(`nodes.${n.node_id}.rules.${r.rule_id}`) })) } : {}),
    })),
    summary: item('summary'),
    name: item('name'),
    prologue: item('prologue'),
    introduction: item('introduction'),
    player: { character_name: item('player.character_name'), settings: item('player.settings') },
    ...(content.variables?.length ? { variables: content.variables.map((v) => ({ name: v.name, label: item(`variables.${v.name}`) })) } : {}),
  };
  const unknown = reasons.filter((r) => !used.has(r.field)).map((r) => r.field);
  if (unknown.length > 0) {
    throw new AppError(ErrorCode.InvalidParam, `No such field in this story: ${unknown.join(', ')}`, {
      data: { fields: unknown },
    });
  }
  return result;
}

/**
 * Writes a verdict on the judged version, as a review decision does: Passed makes it live; Failed and Unqualified
 * give the creator the per-field reasons. Only while the story still waits on this version (an edit since
 * supersedes it): null then. Shared by the review decision and an approved story appeal.
 */
export async function applyVerdict(
  story: { story_id: string; status: number },
  version: StoryVersionRecord,
  v: { status: Decision; result: StoryReviewResult; note: string; line: string; operation?: ReturnType<typeof operationUpdate> | null },
  at: Date,
) {
  const passed = v.status === StoryStatus.Passed;
  const operation = v.operation ?? null;
  const updated = await Story.findOneAndUpdate(
    {
      story_id: story.story_id,
      deleted_at: null,
      status: story.status,
      $or: [{ pending_version_id: version.version_id }, { pending_version_id: null, reviewed_version_id: version.version_id }],
    },
    {
      $set: {
        status: v.status,
        review_result: v.result,
        reviewed_version_id: version.version_id,
        pending_version_id: null,
        unread: true,
        fail_msg: passed ? null : { code: 9001, msg: v.note || 'Content violation, edit and retry' },
        ...(passed ? { live_version_id: version.version_id, live_status: StoryStatus.Passed } : {}),
        ...operation?.$set,
      },
      ...(operation && Object.keys(operation.$unset).length > 0 ? { $unset: operation.$unset } : {}),
    },
    { new: true },
  ).lean();
  if (!updated) return null;
  // A rejection of the version players get now: the story says so too (story pages read it there).
  if (!passed && updated.live_version_id === version.version_id) {
    await Story.updateOne({ story_id: story.story_id, live_version_id: version.version_id }, { $set: { live_status: v.status } });
  }
  await StoryVersion.updateOne(
    { version_id: version.version_id },
    {
      $set: {
        status: v.status,
        review_result: v.result,
        review_notes: [...version.review_notes, v.line],
        reviewed_at: at,
        decided_at: at,
        queue_left_at: at,
      },
    },
  );
  return updated;
}

export type Decision = typeof StoryStatus.Passed | typeof StoryStatus.Failed | typeof StoryStatus.Unqualified;
