import type { useOpsT } from './i18n';
import { CharacterType, type ReviewItem, type StoryContent, type StoryReviewResult } from 'shared-kit';

type Translate = ReturnType<typeof useOpsT>['t'];

/** A case's reasons as the console lists them: each reason in the UI language with its count ("Spam (2), Abuse (1)"). */
export function reasonCounts(
  t: Translate,
  reasons: ReadonlyArray<{ reason: string; count: number }>,
): string {
  return reasons
    .map((r) =>
      t('reports.reasonCount', {
        reason: t(`reports.reasonNames.${r.reason}`, { defaultValue: r.reason }),
        count: r.count,
      }),
    )
    .join(', ');
}

/** How the console shows a moment (a date and a time), in the UI language's own format. */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** One reviewable field of a story: its key in the review api, how to label it, its text and the automated flag. */
export interface ReviewField {
  key: string;
  labelKey: string;
  labelValues: Record<string, string | number>;
  text: string;
  /** A picture players see with this field: the cover with the story's name, a character's, a chapter's background. */
  picture: string;
  flagged: string | null;
}

const flag = (item: ReviewItem | undefined): string | null =>
  item && !item.is_valid ? (item.extra?.simple_reason.display_reason ?? '') : null;

/** The fields of a version in reading order, with what the automated review said of each. */
export function reviewFields(content: StoryContent, result: StoryReviewResult | null): ReviewField[] {
  const out: ReviewField[] = [];
  const add = (
    key: string,
    labelKey: string,
    text: string,
    item: ReviewItem | undefined,
    labelValues = {},
    picture = '',
  ) => out.push({ key, labelKey, labelValues, text, picture, flagged: flag(item) });
  add('name', 'review.storyName', content.story_name, result?.name, {}, content.logo ?? '');
  add('introduction', 'review.introduction', content.introduction, result?.introduction);
  add('summary', 'review.summary', content.summary, result?.summary);
  add('prologue', 'review.prologue', content.prologue.content, result?.prologue);
  add(
    'player.character_name',
    'review.playerName',
    content.player.character_name,
    result?.player.character_name,
  );
  add('player.settings', 'review.playerSettings', content.player.settings, result?.player.settings);
  for (const c of content.characters) {
    if (c.type === CharacterType.VoiceOver) continue;
    const r = result?.characters.find((x) => x.character_id === c.character_id);
    const name = { name: c.character_name };
    add(
      `characters.${c.character_id}.img`,
      'review.characterPicture',
      '',
      r?.img,
      name,
      c.character_url ?? '',
    );
    add(`characters.${c.character_id}.name`, 'review.characterName', c.character_name, r?.name, name);
    add(`characters.${c.character_id}.settings`, 'review.characterSettings', c.settings, r?.settings, name);
    add(`characters.${c.character_id}.style`, 'review.characterStyle', c.style, r?.style, name);
  }
  content.nodes.forEach((node, i) => {
    const r = result?.nodes.find((x) => x.node_id === node.node_id);
    const n = { n: i + 1 };
    add(`nodes.${node.node_id}.img`, 'review.nodePicture', '', r?.img, n, node.background_url ?? '');
    add(`nodes.${node.node_id}.name`, 'review.nodeName', node.name, r?.name, n);
    add(`nodes.${node.node_id}.content`, 'review.nodeContent', node.content, r?.content, n);
    add(
      `nodes.${node.node_id}.ending_content`,
      'review.nodeEnding',
      node.ending_content,
      r?.ending_content,
      n,
    );
  });
  return out.filter((f) => f.text.trim() !== '' || f.picture !== '' || f.flagged !== null);
}

/**
 * The fields flagged with the reasons an operator gave (what the creator was told) instead of the automated review's:
 * the version's own review result is rewritten when an appeal is approved, the audit log keeps the reasons.
 */
export function withReasons(
  fields: ReviewField[],
  reasons: ReadonlyArray<{ field: string; reason: string }>,
): ReviewField[] {
  const given = new Map(reasons.map((r) => [r.field, r.reason]));
  return fields.map((f) => ({ ...f, flagged: given.get(f.key) ?? null }));
}

/** How many fields the automated review flagged. */
export function flaggedCount(result: StoryReviewResult | null): number {
  if (!result) return 0;
  const items: ReviewItem[] = [
    result.name,
    result.introduction,
    result.summary,
    result.prologue,
    result.player.character_name,
    result.player.settings,
    ...result.characters.flatMap((c) => [c.img, c.name, c.settings, c.style]),
    ...result.nodes.flatMap((n) => [n.img, n.name, n.content, n.ending_content]),
  ];
  return items.filter((i) => !i.is_valid).length;
}
