import { NoticeKind, StoryStatus, type ReviewItem, type StoryReviewResult } from 'shared-kit';
import type { EventBus } from '../../realtime/events';
import { storyById, versionById } from '../stories';
import { notify } from '../notice';
import { ReviewClaim } from '../staff';

/** The reasons a review result gives, field by field: "summary: Names a creature that is not allowed". */
export function reasonsOf(result: StoryReviewResult | null | undefined): string[] {
  if (!result) return [];
  const out: string[] = [];
  const add = (field: string, item: ReviewItem | undefined) => {
    const reason = item && !item.is_valid ? item.extra?.simple_reason.display_reason : undefined;
    if (reason) out.push(`${field}: ${reason}`);
  };
  for (const f of ['name', 'summary', 'prologue', 'introduction'] as const) add(f, result[f]);
  add('player.character_name', result.player?.character_name);
  add('player.settings', result.player?.settings);
  for (const c of result.characters ?? []) for (const f of ['name', 'settings', 'style', 'img'] as const) add(`characters.${c.character_id}.${f}`, c[f]);
  for (const n of result.nodes ?? []) {
    for (const f of ['name', 'content', 'ending_content', 'img'] as const) add(`nodes.${n.node_id}.${f}`, n[f]);
    for (const o of n.options ?? []) add(`nodes.${n.node_id}.options.${o.option_id}`, o.text);
    for (const o of n.outcomes ?? []) add(`nodes.${n.node_id}.outcomes.${o.route_id}`, o.outcome);
    for (const r of n.rules ?? []) add(`nodes.${n.node_id}.rules.${r.rule_id}`, r.when);
  }
  for (const v of result.variables ?? []) add(`variables.${v.name}`, v.label);
  return out;
}

/**
 * Tells a creator in the inbox when an operator decided on their story: passed, or failed / unqualified with the
 * reasons per field. Decisions of the automated review alone are shown in My Story and the editor, not here.
 */
export function useReviewNotices(events: EventBus): void {
  events.on('story.reviewed', async (e) => {
    if (!e.version_id) return;
    const byOperator = await ReviewClaim.exists({ story_id: e.story_id, decided_version_id: e.version_id });
    if (!byOperator) return;
    const story = await storyById(e.story_id);
    const version = await versionById(e.version_id);
    const passed = e.status === StoryStatus.Passed;
    const reasons = passed ? [] : reasonsOf(version?.review_result);
    await notify({
      uid: e.uid,
      kind: passed ? NoticeKind.ReviewPassed : NoticeKind.ReviewFailed,
      actor_uid: '',
      story_id: e.story_id,
      story_name: version?.content.story_name ?? story?.story_name ?? '',
      text: reasons.join('\n'),
    });
  });
}
