import { CommentStatus, DialogueStatus, DialogueType, Emotion, PlayStatus, StoryCommentStatus, type Comment, type CommentPage } from 'shared-kit';
import type { Dialogue, PlayInfo, PlayStart, StoryCard } from '../api/types';

export function aDialogue(seq: number, overrides: Partial<Dialogue> = {}): Dialogue {
  return {
    dialogue_id: `d${seq}`,
    play_id: '900',
    seq,
    type: DialogueType.NpcDialogue,
    status: DialogueStatus.Normal,
    role: 'npc',
    character_id: 'maren',
    character_name: 'Maren Holt',
    emotion: Emotion.Neutral,
    content: `line ${seq}`,
    group_id: 'g0',
    node_id: 'lamp',
    done: true,
    error_code: 0,
    covers_upto_seq: 0,
    created_at: null,
    ...overrides,
  };
}

export function aPlayInfo(overrides: Partial<PlayInfo> = {}): PlayInfo {
  return {
    play_id: '900',
    story_id: '100',
    version_id: '200',
    is_draft: false,
    status: PlayStatus.Playing,
    node_id: 'lamp',
    chapter_index: 0,
    chapters_count: 3,
    chapter_objective: 'Clean the brass burner and fit a new wick.',
    turns: 0,
    last_seq: 2,
    replying: false,
    ending: null,
    latest_version_id: '200',
    has_newer_version: false,
    ai_mode: 'offline',
    ai_generated: true,
    send_limit: null,
    story: {
      story_id: '100',
      version_id: '200',
      story_name: 'The Last Lamp of Gullrock',
      introduction: 'A storm is rolling in.',
      logo: '',
      loading_background: '',
      player: { character_name: 'Wren' },
      characters: [
        { character_id: 'maren', character_name: 'Maren Holt', character_url: '/api/media/0123456789abcdef01234567', type: 'NPC' },
        { character_id: 'ezra', character_name: 'Ezra Quill', character_url: '', type: 'NPC' },
      ],
    },
    ...overrides,
  };
}

/** A fresh play: the opening remark and the first chapter's target. */
export function aStart(overrides: Partial<PlayInfo> = {}, dialogues?: Dialogue[]): PlayStart {
  return {
    play_info: aPlayInfo(overrides),
    dialogues: dialogues ?? [
      aDialogue(1, { type: DialogueType.OpeningRemark, content: "Storm's coming and the lamp has gone dark." }),
      aDialogue(2, { type: DialogueType.ChapterTarget, role: 'system', character_id: '', content: 'Clean the brass burner and fit a new wick.' }),
    ],
  };
}

export function aCard(id: string, name: string, overrides: Partial<StoryCard> = {}): StoryCard {
  return {
    story_id: id,
    version_id: `v${id}`,
    story_name: name,
    introduction: `About ${name}`,
    logo: '',
    loading_background: '',
    chapters_count: 3,
    characters_count: 2,
    creator: { uid: '1', nickname: 'Demo Creator', avatar: '' },
    ai_generated: true,
    is_bot: false,
    ...overrides,
  };
}

export function aComment(id: string, overrides: Partial<Comment> = {}): Comment {
  return {
    comment_id: id,
    story_id: '100',
    root_id: '',
    parent_id: '',
    user: { uid: '7', nickname: 'Bea', username: 'bea_reads', avatar: '' },
    reply_to: null,
    text: `Comment ${id}`,
    status: CommentStatus.AllVisible,
    like_count: 0,
    reply_count: 0,
    liked: false,
    pinned: false,
    can_delete: false,
    created_at: null,
    ...overrides,
  };
}

export function aCommentPage(list: Comment[], overrides: Partial<CommentPage> = {}): CommentPage {
  return { list, has_more: false, cursor: '', comment_count: list.length, comment_status: StoryCommentStatus.Open, ...overrides };
}
