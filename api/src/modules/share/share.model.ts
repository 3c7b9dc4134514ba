import mongoose from 'mongoose';
import { ShareType } from 'shared-kit';

/** A share link: `/s/<code>` opens a landing page for what was shared. */
const shareLinkSchema = new mongoose.Schema(
  {
    code: { type: String, required: true, unique: true },
    share_type: { type: String, enum: Object.values(ShareType), required: true },
    /** The story shared; '' for a collection or a creator's weekly report (CreatorNewspaper). */
    story_id: { type: String, default: '' },
    /** A shared collection (its links have no story). */
    collection_id: { type: String, default: '' },
    /** A shared thread (share type StoryDialogue or BotDialogue; `story_id` is the thread's story). */
    thread_id: { type: String, default: '' },
    play_id: { type: String, default: '' },
    /** A CreatorNewspaper: the report's week (its Monday); the report is the sharer's own. */
    week: { type: String, default: '' },
    /** A play shared as a video (share type Video): its render task. */
    video_id: { type: String, default: '' },
    /** Who made the link. */
    uid: { type: String, required: true },
    /** One link per sharer and thing shared: sharing again hands out the same code. */
    subject_key: { type: String, required: true, unique: true },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: false }, collection: 'share_links' },
);
export const ShareLink = mongoose.model('ShareLink', shareLinkSchema);

export interface ShareLinkRecord {
  code: string;
  share_type: ShareType;
  story_id: string;
  play_id: string;
  collection_id?: string;
  thread_id?: string;
  week?: string;
  video_id?: string;
  uid: string;
}
