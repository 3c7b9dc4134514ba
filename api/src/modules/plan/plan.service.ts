import mongoose from 'mongoose';
import {
  ErrorCode,
  LIMITS,
  PlanStatus,
  StoryGenType,
  StoryStatus,
  ValidationErrorType,
  type ForbiddenWords,
  type PlanInfo,
  type StoryCreateRequest,
  type StoryCreateResponse,
} from 'shared-kit';
import type { ModerationProvider } from '../../ai';
import { AppError } from '../../lib/errors';
import { isImageStyle } from '../config';
import { Story, type StoryRecord } from '../stories';
import { countStories, ownStory, storyById } from '../stories';
import { staleVersion } from '../stories';
import { newNumericId } from '../../lib/ids';
import { isTerminal, Plan, type PlanRecord } from './plan.model';
import { giveBackQuota, takeQuota, utcDay } from './plan.quota';
import type { PlanRunner } from './plan.runner';

export interface PlanServiceDeps {
  runner: PlanRunner;
  forbidden: ForbiddenWords;
  /** The model's moderation when one is configured (the word lists always apply). */
  moderation: ModerationProvider | null;
  writer: 'model' | 'offline';
  dailyQuota: number;
  storyCountLimit: number;
  offlineStepMs: number;
  now: () => number;
}

/** Pictures a plan draws, before its writer says how many characters and chapters there are: a typical cast. */
const TYPICAL_PIECES = 7;

function estimateSeconds(deps: PlanServiceDeps, pieces: number): number {
  if (deps.writer === 'offline') return Math.ceil((7 * deps.offlineStepMs) / 1000 + pieces * 0.3) + 1;
  return 30 + pieces * 8;
}

function paramError(path: string, type: ValidationErrorType, message: string): AppError {
  return new AppError(ErrorCode.ClientParamError, `${path}: ${message}`, { data: { errors: [{ path, type, message }] } });
}

/** The safety review of an idea, before any generation: the word lists, then the model's moderation if any. */
async function reviewIdea(idea: string, deps: PlanServiceDeps): Promise<void> {
  const word = deps.forbidden.find(idea);
  let flagged = word !== null;
  if (!flagged && deps.moderation) {
    const [verdict] = await deps.moderation.moderate([idea], AbortSignal.timeout(15_000));
    flagged = verdict?.flagged === true;
  }
  if (flagged) {
    throw new AppError(ErrorCode.TextRiskNotPassed, 'Content violation, edit and retry', {
      data: { errors: [{ path: 'brain_storm_idea', type: ValidationErrorType.ForbiddenWord, message: 'Content violation, edit and retry' }] },
    });
  }
}

/**
 * Starts a brainstorm plan for a new or existing story: checks the idea (required, at most 3000 characters, safety
 * review), the style, the story count (4002) and today's quota (4001), marks the story AIGenDoing and queues the plan.
 */
export async function startBrainstorm(uid: string, input: StoryCreateRequest, deps: PlanServiceDeps): Promise<StoryCreateResponse> {
  const idea = (input.brain_storm_idea ?? '').trim();
  if (idea === '') throw paramError('brain_storm_idea', ValidationErrorType.Required, 'Write your idea');
  if (Array.from(idea).length > LIMITS.brainstormIdea) {
    throw paramError('brain_storm_idea', ValidationErrorType.Limit, `At most ${LIMITS.brainstormIdea} characters`);
  }
  const styleCode = input.image_generate_style?.code ?? '';
  if (styleCode === '') throw paramError('image_generate_style', ValidationErrorType.Required, 'Choose a drawing style');
  if (!isImageStyle(styleCode)) throw new AppError(ErrorCode.StyleNotExist, `image_generate_style.code: No image style "${styleCode}"`);

  const existing = input.story_id && input.story_id !== '0' ? await ownStory(uid, input.story_id) : null;
  if (existing?.status === StoryStatus.AIGenDoing) {
    throw new AppError(ErrorCode.WrongStatusChange, 'This story is being generated already');
  }
  if (existing && input.version?.version_id !== undefined && input.version.version_id !== existing.version_id) {
    throw staleVersion(existing.version_id);
  }
  if (!existing) {
    const count = await countStories(uid);
    if (count >= deps.storyCountLimit) {
      throw new AppError(ErrorCode.NoStoryQuota, 'Unable to create a new creation: delete drafts or past projects', {
        data: { count, max: deps.storyCountLimit },
      });
    }
  }
  await reviewIdea(idea, deps);

  const now = deps.now();
  const day = utcDay(now);
  const quota = await takeQuota(uid, day, deps.dailyQuota);
  const storyId = existing?.story_id ?? newNumericId(now);
  const versionId = newNumericId(now);
  const planId = newNumericId(now);
  try {
    await Plan.create({
      plan_id: planId,
      story_id: storyId,
      uid,
      idea,
      style_code: styleCode,
      status: PlanStatus.New,
      writer: deps.writer,
      estimated_time: estimateSeconds(deps, TYPICAL_PIECES),
      estimated_pieces: TYPICAL_PIECES,
      quota_day: day,
      started_at: new Date(now),
    });
    const fields = {
      status: StoryStatus.AIGenDoing,
      version_id: versionId,
      plan_id: planId,
      brain_storm_idea: idea,
      story_gen_type: StoryGenType.AI,
      image_generate_style: { code: styleCode },
      fail_msg: null,
    };
    if (existing) {
      const updated = await Story.findOneAndUpdate(
        { story_id: storyId, uid, version_id: existing.version_id, deleted_at: null },
        { $set: { ...fields, pending_version_id: null } },
      ).lean();
      if (!updated) throw staleVersion(existing.version_id);
    } else {
      await Story.create({ story_id: storyId, uid, story_name: input.story_name, ...fields });
    }
    await deps.runner.enqueue(planId);
  } catch (err) {
    await Plan.updateOne({ plan_id: planId }, { $set: { status: PlanStatus.Fail, finished_at: new Date(now) } }).catch(() => undefined);
    await giveBackQuota(uid, day).catch(() => undefined);
    throw err;
  }
  return {
    story_id: storyId,
    version_id: versionId,
    status: StoryStatus.AIGenDoing,
    plan_generate: {
      plan_id: planId,
      pieces_enough: true,
      balance_pieces: quota.remain,
      total_pieces: quota.total,
      estimated_pieces: TYPICAL_PIECES,
    },
  };
}

/** `plan/generate`: generates a brainstorm story again from its stored idea and style. */
export async function regenerate(uid: string, storyId: string, deps: PlanServiceDeps) {
  const story = await ownStory(uid, storyId);
  const res = await startBrainstorm(
    uid,
    {
      ...(story as unknown as StoryCreateRequest),
      story_id: storyId,
      brain_storm_idea: story.brain_storm_idea ?? '',
      image_generate_style: story.image_generate_style,
      version: { version_id: story.version_id },
    },
    deps,
  );
  return { story_id: res.story_id, status: res.status, plan_generate: res.plan_generate! };
}

async function ownPlan(uid: string, q: { plan_id?: string; story_id?: string }): Promise<PlanRecord> {
  let plan: PlanRecord | null = null;
  if (q.plan_id) plan = await Plan.findOne({ plan_id: q.plan_id }).lean<PlanRecord>();
  else if (q.story_id) plan = await Plan.findOne({ story_id: q.story_id }).sort({ created_at: -1 }).lean<PlanRecord>();
  if (!plan || plan.uid !== uid) throw new AppError(ErrorCode.RecordNotFound, 'No such plan');
  return plan;
}

/** `brain_storm/cancel`: stops the story's running plan, gives its use back and returns the story to its idea. */
export async function cancelPlan(uid: string, q: { plan_id?: string; story_id?: string }, deps: PlanServiceDeps) {
  const plan = await ownPlan(uid, q);
  const cancelled = await Plan.findOneAndUpdate(
    { plan_id: plan.plan_id, status: mongoose.trusted({ $lt: PlanStatus.Success }) },
    { $set: { status: PlanStatus.Cancel, cancel_requested: true, finished_at: new Date(deps.now()), quota_returned: true } },
    { new: true },
  ).lean<PlanRecord>();
  if (!cancelled) {
    if (plan.status === PlanStatus.Cancel) return { story_id: plan.story_id, plan_id: plan.plan_id, status: plan.status };
    throw new AppError(ErrorCode.WrongStatusChange, 'This generation has already finished');
  }
  await giveBackQuota(uid, plan.quota_day);
  await Story.updateOne(
    { story_id: plan.story_id, plan_id: plan.plan_id, status: StoryStatus.AIGenDoing },
    { $set: { status: StoryStatus.Draft } },
  );
  return { story_id: plan.story_id, plan_id: plan.plan_id, status: PlanStatus.Cancel };
}

/** The characters a plan left without a picture (no drawing showed a face), with the reason. */
function missingPicturesOf(plan: PlanRecord) {
  return (plan.missing_pictures ?? []).map((m) => ({ character_id: m.character_id, code: m.code, msg: m.msg }));
}

export function presentPlan(plan: PlanRecord, now: number) {
  const end = plan.finished_at ? plan.finished_at.getTime() : now;
  return {
    plan_id: plan.plan_id,
    story_id: plan.story_id,
    status: plan.status,
    percent: plan.percent,
    estimated_time: plan.estimated_time,
    duration: Math.max(0, Math.round((end - plan.started_at.getTime()) / 1000)),
    estimated_pieces: plan.estimated_pieces,
    finished_pieces: plan.finished_pieces,
    fail_msg: plan.fail_msg ? { code: plan.fail_msg.code, msg: plan.fail_msg.msg } : null,
    missing_pictures: missingPicturesOf(plan),
    writer: plan.writer,
    read: plan.read,
    created_at: plan.created_at.toISOString(),
    finished_at: plan.finished_at ? plan.finished_at.toISOString() : null,
  };
}

export async function planDetail(uid: string, q: { plan_id?: string; story_id?: string }, now: number) {
  return presentPlan(await ownPlan(uid, q), now);
}

/**
 * `plan/list`: the caller's latest plans, or those of one of their stories. As the editor's `story/get`: a story that
 * does not exist 2002, someone else's 3001 (their plans are theirs, even when there are none).
 */
export async function listPlans(uid: string, storyId: string | undefined, now: number) {
  const filter: Record<string, unknown> = { uid };
  if (storyId) {
    const story = await storyById(storyId, ['uid']);
    if (!story) throw new AppError(ErrorCode.NoStory, 'This story does not exist');
    if (story.uid !== uid) throw new AppError(ErrorCode.UserStoryInfoPermission, 'No permission to access this content');
    filter.story_id = storyId;
  }
  const plans = await Plan.find(filter).sort({ created_at: -1 }).limit(20).lean<PlanRecord[]>();
  const unread = await Plan.exists({ uid, read: false });
  return { plans: plans.map((p) => presentPlan(p, now)), has_unread: unread !== null };
}

export async function readPlan(uid: string, planId: string) {
  const plan = await ownPlan(uid, { plan_id: planId });
  await Plan.updateOne({ plan_id: plan.plan_id }, { $set: { read: true } });
  return { plan_id: plan.plan_id, read: true as const };
}

/** `plan_info` of `story/get`: the latest plan's timing (zeros for a story never generated). */
export async function planInfoOf(story: StoryRecord, now: number): Promise<{ info: PlanInfo; plan: Pick<ReturnType<typeof presentPlan>, 'plan_id' | 'status' | 'percent' | 'missing_pictures'> | null }> {
  if (!story.plan_id) return { info: { estimated_time: 0, duration: 0, estimated_pieces: 0 }, plan: null };
  const plan = await Plan.findOne({ plan_id: story.plan_id }).lean<PlanRecord>();
  if (!plan) return { info: { estimated_time: 0, duration: 0, estimated_pieces: 0 }, plan: null };
  const p = presentPlan(plan, now);
  return {
    info: { estimated_time: p.estimated_time, duration: p.duration, estimated_pieces: p.estimated_pieces },
    plan: { plan_id: p.plan_id, status: p.status, percent: p.percent, missing_pictures: p.missing_pictures },
  };
}

export { isTerminal };
