import type { StateCreator } from 'zustand';
import { displayLength, LIMITS, shellToast as toast, storyMentionNames, type StoryNode } from 'shared-kit';
import { editorText } from '../../i18n';
import { emptyNode } from './content';
import { editing } from './edit';
import { nodeKey, without, withoutPrefix } from './fields';
import type { ChapterSlice, EditorState } from './state';

/** Merged text of the summary and the remaining chapter's content, as spec section 4 puts them together. */
export function mergedContent(summary: string, content: string): string {
  return [summary.trim(), content].filter((s) => s.trim() !== '').join('\n');
}

export const MERGE_TOO_LONG = `The merged chapter would exceed ${LIMITS.plotContent} characters; shorten the summary or the chapter first`;

/** The chapters: added, changed, removed (with the merge rule of spec section 4). */
export const createChapterSlice: StateCreator<EditorState, [], [], ChapterSlice> = (set, get) => {
  const { edit, patchContent } = editing(set);
  return {
    addNode: (beforeId) => {
      const nodes = get().content.nodes;
      if (nodes.length >= LIMITS.maxPlots) {
        toast({ type: 'warning', message: editorText('issues.maxChapters', { max: LIMITS.maxPlots }) });
        return null;
      }
      const node = emptyNode();
      edit((s) => {
        const list = [...s.content.nodes];
        const at = beforeId === undefined ? -1 : list.findIndex((n) => n.node_id === beforeId);
        if (at < 0) list.push(node);
        else list.splice(at, 0, node);
        return { ...patchContent(s, { nodes: list }), errors: without(s.errors, ['nodes']) };
      }, []);
      return node.node_id;
    },
    updateNode: (id, patch) =>
      edit(
        (s) =>
          patchContent(s, { nodes: s.content.nodes.map((n) => (n.node_id === id ? { ...n, ...patch } : n)) }),
        Object.keys(patch).map((f) => nodeKey(id, f)),
      ),
    removeNode: (id) => {
      const { content } = get();
      const rest = content.nodes.filter((n) => n.node_id !== id);
      if (rest.length === content.nodes.length) return false;
      if (rest.length === 0) {
        // Spec section 4: with no chapters left, one empty chapter is created.
        edit((s) => ({ ...patchContent(s, { nodes: [emptyNode()] }), errors: withoutPrefix(s.errors, 'nodes'), rev: s.rev + 1 }), []);
        return true;
      }
      if (rest.length === 1 && content.nodes.length === 2) {
        // Down to one chapter: the summary joins its content, and its name and the summary are cleared.
        const last = rest[0] as StoryNode;
        const merged = mergedContent(content.summary, last.content);
        if (displayLength(merged, storyMentionNames(content)) > LIMITS.plotContent) {
          toast({ type: 'error', message: editorText('issues.mergeTooLong', { max: LIMITS.plotContent }) });
          return false;
        }
        edit(
          (s) => ({
            ...patchContent(s, { nodes: [{ ...last, content: merged, name: '' }], summary: '' }),
            errors: withoutPrefix(withoutPrefix(s.errors, `nodes.${id}`), `nodes.${last.node_id}`),
            rev: s.rev + 1,
          }),
          ['summary'],
        );
        return true;
      }
      // A graph's links to and from the removed node go with it.
      const edges = content.edges?.filter((e) => e.source !== id && e.target !== id);
      edit((s) => ({ ...patchContent(s, { nodes: rest, ...(edges ? { edges } : {}) }), errors: withoutPrefix(s.errors, `nodes.${id}`) }), []);
      return true;
    },
  };
};
