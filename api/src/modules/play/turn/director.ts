import { DialogueType, PlayStatus } from 'shared-kit';
import type { JudgeVerdict } from '../../../ai/chat';
import type { NewDialogue } from '../dialogues';
import type { PlayFields } from '../play.model';
import type { PlayableStory } from '../stories/story.source';
import { readable } from '../stories/story.view';

export interface DirectorStep {
  dialogues: NewDialogue[];
  /** Play fields to set with them. */
  set: Record<string, unknown>;
  /** Index in `dialogues` of the next chapter's ChapterTarget, when the chapter changes. */
  targetIndex: number | null;
}

export function chapterTarget(story: PlayableStory, index: number): NewDialogue {
  const node = story.content.nodes[index]!;
  return {
    type: DialogueType.ChapterTarget,
    role: 'system',
    node_id: node.node_id,
    content: node.end_visible ? readable(story.content, node.ending_content) : '',
  };
}

/** What the director's verdict does to the play: nothing, the next chapter, or an ending. */
export function directorStep(play: PlayFields, story: PlayableStory, verdict: JudgeVerdict, now: number): DirectorStep {
  const nodes = story.content.nodes;
  const node = nodes[play.chapter_index];
  if (verdict.failed) {
    const content = `The story ends here. ${node?.ending_content ? `The goal was: ${readable(story.content, node.ending_content)}` : ''}`.trim();
    return {
      dialogues: [{ type: DialogueType.BadEnding, role: 'system', node_id: play.node_id, content }],
      set: { status: PlayStatus.Ending, ending: { type: DialogueType.BadEnding, content, reason: verdict.reason, at: new Date(now) } },
      targetIndex: null,
    };
  }
  if (!verdict.met) return { dialogues: [], set: {}, targetIndex: null };
  const next = play.chapter_index + 1;
  if (next >= nodes.length) {
    const content = node ? readable(story.content, node.ending_content) : '';
    return {
      dialogues: [{ type: DialogueType.HappyEnding, role: 'system', node_id: play.node_id, content }],
      set: { status: PlayStatus.Ending, ending: { type: DialogueType.HappyEnding, content, reason: verdict.reason, at: new Date(now) } },
      targetIndex: null,
    };
  }
  const nextNode = nodes[next]!;
  return {
    dialogues: [
      { type: DialogueType.SwitchChapter, role: 'system', node_id: nextNode.node_id, content: `Chapter ${next + 1}` },
      chapterTarget(story, next),
    ],
    set: { node_id: nextNode.node_id, chapter_index: next, turns_in_chapter: 0 },
    targetIndex: 1,
  };
}
