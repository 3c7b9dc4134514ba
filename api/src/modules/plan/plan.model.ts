import mongoose from 'mongoose';
import { PlanStatus, type StoryContent } from 'shared-kit';
import type { WrittenStory } from './plan.branching';

/**
 * A brainstorm generation plan: one idea becoming one story. The plan document is the truth about its progress
 * (status, percent, what each finished step produced); the job library's job only says which process runs it. A
 * plan resumed after a restart starts at `step`, with the earlier steps' results in `draft`.
 */
const planSchema = new mongoose.Schema(
  {
    plan_id: { type: String, required: true, unique: true },
    story_id: { type: String, required: true, index: true },
    uid: { type: String, required: true, index: true },
    idea: { type: String, required: true },
    style_code: { type: String, default: '' },
    status: { type: Number, required: true, default: PlanStatus.New },
    percent: { type: Number, default: 0 },
    /** Index of the next step to run. */
    step: { type: Number, default: 0 },
    /** What the finished steps produced (the generated story, then the assembled content). */
    draft: { type: mongoose.Schema.Types.Mixed, default: null },
    writer: { type: String, required: true },
    estimated_time: { type: Number, default: 0 },
    estimated_pieces: { type: Number, default: 0 },
    finished_pieces: { type: Number, default: 0 },
    fail_msg: { type: new mongoose.Schema({ code: Number, msg: String }, { _id: false }), default: null },
    /** Characters left without a picture because no drawing of them showed a face, with the reason. */
    missing_pictures: { type: [new mongoose.Schema({ character_id: String, code: Number, msg: String }, { _id: false })], default: [] },
    cancel_requested: { type: Boolean, default: false },
    /** The UTC day whose quota this plan used (given back when it fails or is cancelled). */
    quota_day: { type: String, required: true },
    quota_returned: { type: Boolean, default: false },
    read: { type: Boolean, default: true },
    /** Each start of the job by a process (`<host>:<pid>`), so a resumed plan is visible and a double run is not. */
    runs: { type: [String], default: [] },
    model_calls: { type: Number, default: 0 },
    started_at: { type: Date, required: true },
    finished_at: { type: Date, default: null },
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' }, collection: 'plans', minimize: false },
);
planSchema.index({ uid: 1, created_at: -1 });

export const Plan = mongoose.model('Plan', planSchema);

export interface PlanRecord {
  plan_id: string;
  story_id: string;
  uid: string;
  idea: string;
  style_code: string;
  status: PlanStatus;
  percent: number;
  step: number;
  draft: PlanDraft | null;
  writer: 'model' | 'offline';
  estimated_time: number;
  estimated_pieces: number;
  finished_pieces: number;
  fail_msg: { code: number; msg: string } | null;
  missing_pictures: MissingPicture[];
  cancel_requested: boolean;
  quota_day: string;
  quota_returned: boolean;
  read: boolean;
  runs: string[];
  model_calls: number;
  started_at: Date;
  finished_at: Date | null;
  created_at: Date;
}

/** A character the plan left without a picture, and why (the error an upload of such a picture gets). */
export interface MissingPicture {
  character_id: string;
  code: number;
  msg: string;
}

/** The plan's work in progress. */
export interface PlanDraft {
  /** The writer's story (after the story step). */
  story?: WrittenStory;
  /** The story content being assembled (after the character step). */
  content?: StoryContent;
  /** Picture prompts by target (`character:<id>`, `cover`, `node:<id>`). */
  prompts?: Record<string, string>;
}

export const isTerminal = (status: number): boolean =>
  status === PlanStatus.Success || status === PlanStatus.Fail || status === PlanStatus.Cancel;

/** Brainstorm generations per user per UTC day. */
const planQuotaSchema = new mongoose.Schema(
  { uid: { type: String, required: true }, day: { type: String, required: true }, count: { type: Number, default: 0 } },
  { collection: 'plan_quotas' },
);
planQuotaSchema.index({ uid: 1, day: 1 }, { unique: true });
export const PlanQuota = mongoose.model('PlanQuota', planQuotaSchema);
