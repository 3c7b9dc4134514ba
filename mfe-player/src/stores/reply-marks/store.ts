import { create } from 'zustand';
import type { BadReason, FeedbackAttitude } from 'shared-kit';
import { errorText } from '../../lib/errors';
import * as replies from '../../services/reply.service';
import type { FeedbackDraft } from '../../services/reply.service';

export interface ReplyFeedback {
  attitude: FeedbackAttitude;
  bad_reasons: BadReason[];
  content: string;
}

/** The player's own marks on one AI reply: liked or not, the remark on the like, and the latest feedback. */
export interface ReplyMark {
  liked: boolean;
  /** The player's note on a liked reply ('' for none); kept by the api when the like is undone. */
  remark: string;
  feedback: ReplyFeedback | null;
}

export const NO_MARK: ReplyMark = { liked: false, remark: '', feedback: null };

/** Ids per status read (the api's limit). */
const BATCH = 100;

export interface ReplyMarksState {
  /** Whose marks these are: another account signing in starts from scratch. */
  owner: string;
  marks: Record<string, ReplyMark>;
  /**
   * The row wants its marks: asked for, together with the other rows shown in the same moment, in one read (the
   * marks are kept by the api, so they come back after a reload).
   */
  want: (owner: string, dialogueId: string) => void;
  /** Likes or unlikes: shown at once, put back when the api refuses (the message is returned). */
  toggleLike: (dialogueId: string) => Promise<string | null>;
  /** Sends the feedback; it shows once the api kept it (an error message otherwise). */
  sendFeedback: (dialogueId: string, draft: FeedbackDraft) => Promise<string | null>;
  /** Writes (or, with '', clears) the remark on a reply, which likes it; shown once the api kept it (an error message otherwise). */
  sendRemark: (dialogueId: string, remark: string) => Promise<string | null>;
}

export const useReplyMarksStore = create<ReplyMarksState>()((set, get) => {
  /** Ids asked for or known; `queued` wait for the next read. */
  let asked = new Set<string>();
  let queued: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Ids written on this page since their read was asked: the read's older answer must not overwrite them. */
  let written = new Set<string>();
  /** The latest like write per id: an older one's answer does not overwrite a newer click. */
  const latest = new Map<string, number>();

  async function flush(): Promise<void> {
    timer = null;
    const owner = get().owner;
    const ids = queued;
    queued = [];
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      try {
        const { list } = await replies.replyStatus(batch);
        if (get().owner !== owner) return;
        const marks = { ...get().marks };
        for (const row of list) {
          if (written.has(row.dialogue_id)) continue;
          marks[row.dialogue_id] = { liked: row.liked, remark: row.remark, feedback: row.feedback };
        }
        set({ marks });
      } catch {
        // Not known this time: the row shows no mark and asks again when it is shown again.
        for (const id of batch) asked.delete(id);
      }
    }
  }

  function mark(id: string): ReplyMark {
    return get().marks[id] ?? NO_MARK;
  }

  function put(id: string, next: ReplyMark): void {
    set({ marks: { ...get().marks, [id]: next } });
  }

  return {
    owner: '',
    marks: {},

    want(owner, dialogueId) {
      if (get().owner !== owner) {
        asked = new Set();
        queued = [];
        written = new Set();
        set({ owner, marks: {} });
      }
      if (asked.has(dialogueId)) return;
      asked.add(dialogueId);
      queued.push(dialogueId);
      timer ??= setTimeout(() => void flush(), 0);
    },

    async toggleLike(id) {
      const before = mark(id);
      const like = !before.liked;
      const n = (latest.get(id) ?? 0) + 1;
      latest.set(id, n);
      written.add(id);
      put(id, { ...before, liked: like });
      try {
        const result = await replies.likeReply(id, like);
        if (latest.get(id) === n) put(id, { ...mark(id), liked: result.liked, remark: result.remark });
        return null;
      } catch (error) {
        if (latest.get(id) === n) put(id, { ...mark(id), liked: before.liked });
        return errorText(error);
      }
    },

    async sendFeedback(id, draft) {
      try {
        const result = await replies.sendReplyFeedback(id, draft);
        written.add(id);
        put(id, { ...mark(id), feedback: { attitude: result.attitude, bad_reasons: result.bad_reasons, content: result.content } });
        return null;
      } catch (error) {
        return errorText(error);
      }
    },

    async sendRemark(id, remark) {
      try {
        const result = await replies.sendReplyRemark(id, remark);
        written.add(id);
        // A newer like click in flight is overtaken: the remark's answer is the latest word on the like.
        latest.set(id, (latest.get(id) ?? 0) + 1);
        put(id, { ...mark(id), liked: result.liked, remark: result.remark });
        return null;
      } catch (error) {
        return errorText(error);
      }
    },
  };
});

export function resetReplyMarksStore(): void {
  useReplyMarksStore.setState({ owner: '', marks: {} });
}
