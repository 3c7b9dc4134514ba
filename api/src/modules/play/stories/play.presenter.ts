import { DialogueStatus, StoryGenType, type StoryContent } from 'shared-kit';
import { type LiveStoryView } from '../../stories';
import { audioUrl, isKnownVid } from '../../voice';
import type { DialogueFields } from '../dialogue.model';
import type { PlayFields } from '../play.model';
import type { PlayableStory } from './story.source';
import { characterById, readable } from './story.view';
import { graphInfo } from '../graph/state';

/** Statuses whose text players never see (moderation); the entry stays so sequence numbers have no holes. */
const HIDDEN: ReadonlySet<string> = new Set([DialogueStatus.SecurityFail, DialogueStatus.SecurityNotShow]);

export function presentDialogue(d: DialogueFields, content?: StoryContent) {
  const hidden = HIDDEN.has(d.status);
  const speaker = content && d.character_id ? characterById(content, d.character_id) : undefined;
  return {
    dialogue_id: d.dialogue_id,
    play_id: d.play_id,
    seq: d.seq,
    type: d.type,
    status: d.status,
    role: d.role,
    character_id: d.character_id,
    character_name: speaker?.name ?? '',
    emotion: d.emotion,
    content: hidden ? '' : d.content,
    group_id: d.group_id,
    node_id: d.node_id,
    done: d.done,
    error_code: d.error_code || 0,
    covers_upto_seq: d.covers_upto_seq || 0,
    created_at: (d as { created_at?: Date }).created_at?.toISOString() ?? null,
    ...(d.alternatives && d.alternatives.length > 0 && !hidden ? { alternatives: d.alternatives.map((a) => a.content), shown: d.shown ?? 0 } : {}),
    ...(d.option_id !== undefined ? { option_id: d.option_id } : {}),
    ...(d.options !== undefined ? { options: d.options } : {}),
    ...(d.spoken ? { spoken: true } : {}),
  };
}
export type PresentedDialogue = ReturnType<typeof presentDialogue>;

export function presentPlay(p: PlayFields, story: PlayableStory, extra: { mode: 'offline' | 'model'; latestVersionId: string | null }) {
  const node = story.content.nodes[p.chapter_index];
  return {
    play_id: p.play_id,
    story_id: p.story_id,
    version_id: p.version_id,
    is_draft: p.is_draft,
    status: p.status,
    node_id: p.node_id,
    chapter_index: p.chapter_index,
    chapters_count: story.content.nodes.length,
    chapter_objective: node && node.end_visible ? readable(story.content, node.ending_content) : '',
    turns: p.turns,
    last_seq: p.next_seq,
    replying: p.pending_group_id !== null,
    ending: p.ending ? { type: p.ending.type, content: p.ending.content } : null,
    latest_version_id: extra.latestVersionId,
    has_newer_version: !p.is_draft && extra.latestVersionId !== null && extra.latestVersionId !== p.version_id,
    /** The UI labels replies as written without a model in offline mode. */
    ai_mode: extra.mode,
    ai_generated: true,
    /** The chapter's background music, played in the play panel at the player's volume. */
    bgm: node?.bgm_info?.vid && isKnownVid(node.bgm_info.vid) ? { vid: node.bgm_info.vid, url: audioUrl(node.bgm_info.vid) } : null,
    ...greetingsOf(p, story),
    ...graphInfo(p, story),
    story: presentStoryHead(story),
  };
}

/**
 * The openings a player may choose from before the first turn: the opening line, then its speaker's other opening
 * lines (a character card's `alternate_greetings`), as the model and the player read them. None once the play has
 * a turn, or when the speaker has no other opening line.
 */
export function greetingTexts(story: PlayableStory): string[] {
  const c = story.content;
  if (c.prologue.content.trim() === '') return [];
  const others = (c.characters.find((x) => x.character_id === c.prologue.character_id)?.alternate_greetings ?? []).filter((g) => g.trim() !== '');
  if (others.length === 0) return [];
  return [c.prologue.content, ...others].map((g) => readable(c, g));
}

function greetingsOf(p: PlayFields, story: PlayableStory): { greetings?: string[]; greeting?: number } {
  if (p.turns > 0 || p.ending) return {};
  const greetings = greetingTexts(story);
  return greetings.length > 0 ? { greetings, greeting: p.greeting ?? 0 } : {};
}

/** The fields every view of a story starts with. */
function storyBasics(story: PlayableStory) {
  const c = story.content;
  return {
    story_id: story.story_id,
    version_id: story.version_id,
    story_name: c.story_name,
    introduction: c.introduction,
    logo: c.logo,
    loading_background: c.loading_background,
  };
}

export function presentStoryHead(story: PlayableStory) {
  const c = story.content;
  return {
    ...storyBasics(story),
    player: { character_name: c.player.character_name },
    characters: c.characters.map((ch) => ({
      character_id: ch.character_id,
      character_name: ch.character_name,
      character_url: ch.character_url,
      type: ch.type,
    })),
  };
}

export interface CreatorInfo {
  uid: string;
  nickname: string;
  avatar: string;
}

/** A feed or search card. */
export function presentStoryCard(story: PlayableStory, creator: CreatorInfo | undefined, counts?: StoryCounts) {
  const c = story.content;
  return {
    ...storyBasics(story),
    chapters_count: c.nodes.length,
    characters_count: c.characters.length,
    creator: creator ?? { uid: story.uid, nickname: '', avatar: '' },
    ai_generated: true,
    is_bot: c.story_gen_type === StoryGenType.SingleBot,
    like_count: counts?.like_count ?? 0,
    comment_count: counts?.comment_count ?? 0,
  };
}

/**
 * A feed, search, related or topic card from the story's live view (the editor module's `liveStoryView`): the same
 * fields as `presentStoryCard`. A bot is played in one open chapter, so it counts one.
 */
export function presentViewCard(v: LiveStoryView, creator: CreatorInfo | undefined) {
  return {
    story_id: v.story_id,
    version_id: v.version_id,
    story_name: v.story_name,
    introduction: v.introduction,
    logo: v.logo,
    loading_background: v.loading_background,
    chapters_count: v.is_bot ? Math.max(1, v.chapters_count) : v.chapters_count,
    characters_count: v.characters_count,
    creator: creator ?? { uid: v.uid, nickname: '', avatar: '' },
    ai_generated: true,
    is_bot: v.is_bot,
    like_count: v.like_count,
    comment_count: v.comment_count,
  };
}

/** The social counters a card shows (community/stats.model.ts). */
export interface StoryCounts {
  like_count: number;
  comment_count: number;
}

/** `detail`: the card plus the cast and chapters as players may see them (titles hidden, objectives if public). */
export function presentStoryDetail(story: PlayableStory, creator: CreatorInfo | undefined, counts?: StoryCounts) {
  const c = story.content;
  return {
    ...presentStoryCard(story, creator, counts),
    player: { character_name: c.player.character_name, settings: c.player.settings },
    characters: c.characters.map((ch) => ({
      character_id: ch.character_id,
      character_name: ch.character_name,
      character_url: ch.character_url,
      type: ch.type,
    })),
    chapters: c.nodes.map((n, i) => ({
      node_id: n.node_id,
      index: i,
      background_url: n.background_url,
      objective: n.end_visible ? readable(c, n.ending_content) : '',
    })),
    prologue: { character_id: c.prologue.character_id, content: readable(c, c.prologue.content) },
  };
}
