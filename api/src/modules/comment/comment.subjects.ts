import { liveStoryView } from '../stories';

/** What comments need of the thing they are on: its id, its owner (who may delete, pin, open and close) and a name. */
export interface CommentSubject {
  story_id: string;
  uid: string;
  story_name: string;
}

/** Finds a subject by id for a viewer ('' for a visitor); throws the subject's own code when the viewer may not see it. */
export type CommentSubjectResolver = (id: string, viewerUid: string) => Promise<CommentSubject>;

const kinds: Array<{ matches: (id: string) => boolean; resolve: CommentSubjectResolver }> = [];

/**
 * Lets another kind of thing carry comments like a story (a thread): ids it `matches` are resolved by it. Comments,
 * replies, likes, pins and the open/closed switch then work the same; their counters are kept under its id.
 */
export function registerCommentSubject(matches: (id: string) => boolean, resolve: CommentSubjectResolver): void {
  kinds.push({ matches, resolve });
}

/** The subject `id` names: a registered kind's, or else a story players can open. */
export function commentSubject(id: string, viewerUid = ''): Promise<CommentSubject> {
  const kind = kinds.find((k) => k.matches(id));
  return kind ? kind.resolve(id, viewerUid) : liveStoryView(id);
}
