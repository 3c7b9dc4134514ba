import mongoose from 'mongoose';
import { CharacterType, NodeType, StoryGenType, type StoryContent, type StoryReviewResult } from 'shared-kit';

/*
 * A story is one document embedding its characters, chapters, prologue, player, summary and settings; each publish
 * also writes an immutable `story_versions` document (storyVersion.model.ts). Sub-documents carry the client's own
 * ids (`character_id`, `node_id`), so mongoose's `_id` is off for them.
 */
const sub = (fields: mongoose.SchemaDefinition) => new mongoose.Schema(fields, { _id: false });

const dubbingSchema = sub({
  dubbing: { type: String, default: '' },
  language: { type: String, default: '' },
  dubbing_desc: String,
});
const styleRefSchema = sub({ code: { type: String, required: true } });

const characterSchema = sub({
  character_id: { type: String, required: true },
  character_name: { type: String, default: '' },
  settings: { type: String, default: '' },
  style: { type: String, default: '' },
  character_url: { type: String, default: '' },
  dubbing_show: { type: dubbingSchema, default: () => ({}) },
  type: { type: String, enum: Object.values(CharacterType), default: CharacterType.NPC },
  // A character card's extras: absent (not empty) on characters that never had them.
  alternate_greetings: { type: [String], default: undefined },
  creator_notes: { type: String, default: undefined },
  tags: { type: [String], default: undefined },
});

const lorebookEntrySchema = sub({
  entry_id: { type: String, required: true },
  name: { type: String, default: '' },
  keys: { type: [String], default: [] },
  secondary_keys: { type: [String], default: [] },
  selective: { type: Boolean, default: false },
  selective_logic: { type: String, default: 'and_any' },
  constant: { type: Boolean, default: false },
  content: { type: String, default: '' },
  insertion_order: { type: Number, default: 100 },
  priority: { type: Number, default: 10 },
  position: { type: String, default: 'before_char' },
  depth: { type: Number, default: 0 },
  case_sensitive: { type: Boolean, default: false },
  use_regex: { type: Boolean, default: false },
  enabled: { type: Boolean, default: true },
});
const lorebookSchema = sub({
  name: { type: String, default: '' },
  description: { type: String, default: '' },
  scan_depth: { type: Number, default: 4 },
  token_budget: { type: Number, default: 512 },
  recursive_scanning: { type: Boolean, default: false },
  entries: { type: [lorebookEntrySchema], default: [] },
});

const nodeSchema = sub({
  node_id: { type: String, required: true },
  node_type: { type: String, enum: Object.values(NodeType), default: NodeType.Simple },
  name: { type: String, default: '' },
  content: { type: String, default: '' },
  ending_content: { type: String, default: '' },
  end_visible: { type: Boolean, default: false },
  background_url: { type: String, default: '' },
  bgm_info: { type: sub({ vid: String, music_style: String }), default: null },
  image_generate_style: { type: styleRefSchema, default: null },
  // A graph node's fields (shared-kit story/graph), checked by the payload's schema before they get here; absent (not
  // empty) on chapters, so stories saved before graphs read exactly as they did.
  position: { type: sub({ x: Number, y: Number }), default: undefined },
  parent_id: { type: String, default: undefined },
  options: { type: [mongoose.Schema.Types.Mixed], default: undefined },
  free_text: { type: Boolean, default: undefined },
  judge_mode: { type: String, default: undefined },
  routes: { type: [mongoose.Schema.Types.Mixed], default: undefined },
  assignments: { type: [mongoose.Schema.Types.Mixed], default: undefined },
  rules: { type: [mongoose.Schema.Types.Mixed], default: undefined },
});

const edgeSchema = sub({
  edge_id: { type: String, required: true },
  source: { type: String, required: true },
  target: { type: String, required: true },
  handle: { type: String, default: 'next' },
});

/** The fields of `StoryContent`, shared by the working story and its published versions. */
export const contentFields: mongoose.SchemaDefinition = {
  story_gen_type: { type: String, enum: Object.values(StoryGenType), default: StoryGenType.UserDefined },
  story_name: { type: String, default: '' },
  introduction: { type: String, default: '' },
  story_setting_visible: { type: Boolean, default: false },
  image_generate_style: { type: styleRefSchema, default: null },
  logo: { type: String, default: '' },
  loading_background: { type: String, default: '' },
  characters: { type: [characterSchema], default: [] },
  player: {
    type: sub({ character_name: { type: String, default: '' }, settings: { type: String, default: '' } }),
    default: () => ({}),
  },
  prologue: {
    type: sub({ character_id: { type: String, default: '' }, content: { type: String, default: '' } }),
    default: () => ({}),
  },
  nodes: { type: [nodeSchema], default: [] },
  summary: { type: String, default: '' },
  voice_over_dubbing: { type: dubbingSchema, default: () => ({}) },
  lorebook: { type: lorebookSchema, default: undefined },
  /** A branching story's edges and variables; absent for chapters in a line. */
  edges: { type: [edgeSchema], default: undefined },
  variables: { type: [mongoose.Schema.Types.Mixed], default: undefined },
};
export const contentSchema = sub(contentFields);

const storySchema = new mongoose.Schema(
  {
    story_id: { type: String, required: true, unique: true },
    uid: { type: String, required: true, index: true },
    /** StoryStatus of the working copy: Draft, ToVerify, Passed, Failed, Unqualified, Deleted. */
    status: { type: Number, required: true },
    /** The revision the working copy is at; every save replaces it, and a save must name the one it started from. */
    version_id: { type: String, required: true },
    ...contentFields,
    /** The version waiting for (or in) review; null when none is. */
    pending_version_id: { type: String, default: null },
    /** The latest version that passed review: what players get, even while a newer draft is edited or reviewed. */
    live_version_id: { type: String, default: null },
    /**
     * The review status of the live version, kept with it by every review decision (Passed when it goes live, an
     * operator's later Failed or Unqualified of it): pages read it here instead of the version. Absent on stories
     * written before it was kept: those are read from the version.
     */
    live_status: { type: Number },
    reviewed_version_id: { type: String, default: null },
    review_result: { type: mongoose.Schema.Types.Mixed, default: null },
    fail_msg: { type: sub({ code: Number, msg: String }), default: null },
    /** Brainstorm: the idea the AI turned (or turns) into this story, and the latest generation plan. */
    brain_storm_idea: { type: String, default: '' },
    plan_id: { type: String, default: null },
    /** Set when a review finishes; cleared when the creator opens My Story (the header's dot). */
    unread: { type: Boolean, default: false },
    top_at: { type: Date, default: null },
    permission: {
      type: sub({
        character_use: { type: Boolean, default: true },
        thread_share: { type: Boolean, default: true },
      }),
      default: () => ({}),
    },
    deleted_at: { type: Date, default: null },
    /** Set by operators (spec section 3); unset means Public and no tag. `storyReach` says what they allow. */
    op_status: { type: String, default: undefined },
    visibility: { type: String, default: undefined },
    /** The feed's order, stored only when true so that stories never moderated sort with the rest. */
    feed_promoted: { type: Boolean, default: undefined },
    feed_demoted: { type: Boolean, default: undefined },
  },
  {
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    collection: 'stories',
    minimize: false,
  },
);
storySchema.index({ uid: 1, deleted_at: 1, top_at: -1, updated_at: -1 });

export const Story = mongoose.model('Story', storySchema);

export interface StoryPermission {
  character_use: boolean;
  thread_share: boolean;
}

/** A story as read with `.lean()`. */
export interface StoryRecord extends StoryContent {
  story_id: string;
  uid: string;
  status: number;
  version_id: string;
  pending_version_id: string | null;
  live_version_id: string | null;
  live_status?: number | null;
  reviewed_version_id: string | null;
  review_result: StoryReviewResult | null;
  fail_msg: { code: number; msg: string } | null;
  brain_storm_idea?: string;
  plan_id?: string | null;
  unread: boolean;
  top_at: Date | null;
  permission: StoryPermission;
  deleted_at: Date | null;
  op_status?: string | null;
  visibility?: string | null;
  created_at: Date;
  updated_at: Date;
}
