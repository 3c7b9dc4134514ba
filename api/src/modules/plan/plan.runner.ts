import type { Job } from 'agenda';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { ErrorCode, isContentNode, PlanStatus, StoryStatus, type ForbiddenWords, type StoryContent } from 'shared-kit';
import type { ImageProvider } from '../../ai';
import { durableQueue, type DurableRunner } from '../../lib/durableQueue';
import type { Logger } from '../../lib/logger';
import { PROCESS_NAME } from '../../lib/processName';
import type { EventBus } from '../../realtime/events';
import { Story } from '../stories';
import { GENERATE_SIZES, type GenerateUse } from '../media';
import { AppError } from '../../lib/errors';
import { MEDIA_RULES } from '../media';
import { uploadImage } from '../media';
import type { UploadResult } from '../media';
import { newNumericId } from '../../lib/ids';
import { assembleContent, assignVoices, storyProblems, writtenStoryProblems } from './plan.assemble';
import { isTerminal, Plan, type MissingPicture, type PlanDraft, type PlanRecord } from './plan.model';
import { giveBackQuota } from './plan.quota';
import { outlineOf } from './plan.branching';
import { WriterFailure, type StoryWriter } from './plan.writer';

export const PLAN_JOB = 'brainstorm-plan';

/** The steps of a plan, in order, with the spec's status shown while each runs and the percent reached after it. */
const STEPS = [
  { status: PlanStatus.StoryGenerating, done: 40 },
  { status: PlanStatus.CharacterListGenerating, done: 48 },
  { status: PlanStatus.PrologueGenerating, done: 54 },
  { status: PlanStatus.ImagePromptGenerating, done: 58 },
  { status: PlanStatus.ImageGenerating, done: 90 },
  { status: PlanStatus.DubbingGenerating, done: 95 },
  { status: PlanStatus.Executing, done: 100 },
] as const;

export interface PlanRunnerDeps {
  db: mongoose.mongo.Db;
  logger: Logger;
  events: EventBus;
  forbidden: ForbiddenWords;
  writer: StoryWriter;
  images: ImageProvider;
  pollMs: number;
  lockMs: number;
  /** A pause per step for the offline writer, so its progress can be watched. */
  stepDelayMs: number;
  now: () => number;
}

export type PlanRunner = DurableRunner;

/** Drawings of one character at most, until one shows a face (section 5); then it is left without a picture. */
export const FACE_TRIES = 3;
/** What a redrawing adds to the prompt: the earlier drawing showed no face. */
const FACE_HINT = 'A portrait: the face clearly visible, looking at the viewer.';

/** Stands in for a picture the creator still has to add, while the rest of a generated story is checked. */
const PICTURE_PENDING = '/api/editor/art/placeholder.png';

/** The plan was cancelled (or its story went away) while it ran: it stops where it is. */
class PlanStopped extends Error {}
/** This process is shutting down: the plan is handed back to the queue to go on elsewhere or after the restart. */
class ProcessStopping extends Error {}

/** A picture's target in the content: `character:<id>`, `cover` or `node:<id>`. */
function pictureTargets(content: StoryContent, prompts: Record<string, string>): Array<{ key: string; use: GenerateUse; prompt: string }> {
  return Object.entries(prompts).map(([key, prompt]) => ({
    key,
    use: key === 'cover' ? 'cover' : key.startsWith('character:') ? 'character' : 'background',
    prompt,
  }));
}

function placePicture(content: StoryContent, key: string, url: string): StoryContent {
  if (key === 'cover') return { ...content, logo: url };
  if (key.startsWith('character:')) {
    const id = key.slice('character:'.length);
    return { ...content, characters: content.characters.map((c) => (c.character_id === id ? { ...c, character_url: url } : c)) };
  }
  const id = key.slice('node:'.length);
  const nodes = content.nodes.map((n) => (n.node_id === id ? { ...n, background_url: url } : n));
  return { ...content, nodes, loading_background: content.loading_background || url };
}

export function startPlanRunner(deps: PlanRunnerDeps): PlanRunner {
  const log = deps.logger.child({ module: 'plan' });
  const queue = durableQueue({
    db: deps.db,
    collection: 'plan_jobs',
    jobName: PLAN_JOB,
    key: 'plan_id',
    concurrency: 20,
    pollMs: deps.pollMs,
    lockMs: deps.lockMs,
    log,
  });
  const sleep = queue.sleep;

  function progressed(plan: Pick<PlanRecord, 'uid' | 'story_id' | 'plan_id'>, status: PlanStatus, percent: number): void {
    deps.events.emit('plan.progressed', { uid: plan.uid, story_id: plan.story_id, plan_id: plan.plan_id, status, percent });
  }

  /** Writes a step's outcome, only while the plan is still running (a cancel in between wins). */
  async function save(planId: string, set: Record<string, unknown>): Promise<PlanRecord> {
    const plan = await Plan.findOneAndUpdate(
      { plan_id: planId, status: mongoose.trusted({ $lt: PlanStatus.Success }) },
      { $set: set },
      { new: true },
    ).lean<PlanRecord>();
    if (!plan) throw new PlanStopped();
    return plan;
  }

  async function checkpoint(job: Job, planId: string): Promise<PlanRecord> {
    if (queue.signal.aborted) throw new ProcessStopping();
    await job.touch();
    const plan = await Plan.findOne({ plan_id: planId }).lean<PlanRecord>();
    if (!plan || isTerminal(plan.status) || plan.cancel_requested) throw new PlanStopped();
    return plan;
  }

  /**
   * Draws one picture and stores it through the upload checks, so a character picture must show a face like any
   * other (section 5). A character drawing without one is drawn again (FACE_TRIES in all, the prompt asking for the
   * face); when none shows a face the answer is that error instead of a picture. The job's lock is renewed on a beat
   * (lib/durableQueue), so the checks' time never lets another process take the plan over.
   */
  async function drawChecked(job: Job, plan: PlanRecord, t: { key: string; use: GenerateUse; prompt: string }): Promise<{ stored: UploadResult } | { missing: AppError }> {
    const size = GENERATE_SIZES[t.use];
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1) await checkpoint(job, plan.plan_id);
      const drawn = await deps.images.generate({
        prompt: attempt === 1 ? t.prompt : `${t.prompt}\n${FACE_HINT}`,
        ...(plan.style_code ? { style: plan.style_code } : {}),
        width: size.width,
        height: size.height,
        use: t.use,
        signal: AbortSignal.timeout(60_000),
      });
      const bytes = drawn.data.length <= MEDIA_RULES[t.use].maxBytes ? drawn.data : await sharp(drawn.data).jpeg({ quality: 88 }).toBuffer();
      try {
        return { stored: await uploadImage(bytes, t.use, plan.uid, log.child({ plan_id: plan.plan_id, target: t.key, attempt })) };
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== ErrorCode.FaceNotRecognized) throw err;
        if (attempt >= FACE_TRIES) return { missing: err };
      }
    }
  }

  async function runStep(job: Job, plan: PlanRecord, index: number): Promise<PlanDraft> {
    const draft: PlanDraft = { ...(plan.draft ?? {}) };
    const signal = queue.signal;
    const offline = deps.writer.name === 'offline';
    if (offline) await sleep(deps.stepDelayMs);
    switch (STEPS[index]!.status) {
      case PlanStatus.StoryGenerating: {
        const { story, calls } = await deps.writer.write(
          plan.idea,
          (s) => writtenStoryProblems(s, plan.style_code, deps.forbidden),
          signal,
          outlineOf(plan.idea),
        );
        await Plan.updateOne({ plan_id: plan.plan_id }, { $inc: { model_calls: calls } });
        draft.story = story;
        return draft;
      }
      case PlanStatus.CharacterListGenerating:
        draft.content = assembleContent(draft.story!, plan.style_code);
        return draft;
      case PlanStatus.PrologueGenerating: {
        // The speaker was matched by name when the cast was assembled; the player gets a role if the writer gave none.
        const content = draft.content!;
        draft.content = {
          ...content,
          player: { ...content.player, settings: content.player.settings || `The one ${content.characters[0]?.character_name ?? ''} asks for help.` },
        };
        return draft;
      }
      case PlanStatus.ImagePromptGenerating: {
        const story = draft.story!;
        const content = draft.content!;
        const prompts: Record<string, string> = { cover: `${story.story_name}. ${story.introduction}`.slice(0, 500) };
        content.characters.forEach((c, i) => {
          prompts[`character:${c.character_id}`] = `${c.character_name}: ${story.characters[i]?.appearance ?? c.settings}`.slice(0, 500);
        });
        // Scenes get a background; a choice or an ending of a branching outline has none.
        content.nodes.forEach((n, i) => {
          if (isContentNode(n)) prompts[`node:${n.node_id}`] = (story.nodes[i]?.scene || n.content).slice(0, 500);
        });
        draft.prompts = prompts;
        await Plan.updateOne({ plan_id: plan.plan_id }, { $set: { estimated_pieces: Object.keys(prompts).length } });
        return draft;
      }
      case PlanStatus.ImageGenerating: {
        let content = draft.content!;
        const targets = pictureTargets(content, draft.prompts ?? {});
        let finished = plan.finished_pieces;
        let missingPictures = plan.missing_pictures ?? [];
        for (const [i, t] of targets.entries()) {
          if (i < finished) continue; // drawn before a restart
          await checkpoint(job, plan.plan_id);
          const drawing = await drawChecked(job, plan, t);
          if ('missing' in drawing) {
            // No drawing showed a face: the character is left without a picture, and the plan says why.
            const missing: MissingPicture = { character_id: t.key.slice('character:'.length), code: drawing.missing.code, msg: drawing.missing.message };
            missingPictures = [...missingPictures.filter((m) => m.character_id !== missing.character_id), missing];
            log.info({ plan_id: plan.plan_id, character_id: missing.character_id, tries: FACE_TRIES }, 'character left without a picture: no face');
          } else {
            content = placePicture(content, t.key, drawing.stored.url);
          }
          finished = i + 1;
          const percent = Math.round(STEPS[3]!.done + ((STEPS[4]!.done - STEPS[3]!.done) * finished) / targets.length);
          await save(plan.plan_id, { 'draft.content': content, finished_pieces: finished, percent, missing_pictures: missingPictures });
          progressed(plan, PlanStatus.ImageGenerating, percent);
        }
        draft.content = content;
        return draft;
      }
      case PlanStatus.DubbingGenerating:
        draft.content = assignVoices(draft.content!);
        return draft;
      default:
        return draft;
    }
  }

  /** The last step: the story takes the generated content, if it still waits for this plan. */
  async function execute(plan: PlanRecord): Promise<void> {
    const content = plan.draft?.content;
    if (!content) throw new WriterFailure('nothing was generated');
    // A character left without a picture (no drawing showed a face, see drawChecked) is the creator's to finish in
    // the editor, where publishing asks for it; everything else must pass as a publish would check it.
    const missing = new Set((plan.missing_pictures ?? []).map((m) => m.character_id));
    const checked = { ...content, characters: content.characters.map((c) => (missing.has(c.character_id) && !c.character_url ? { ...c, character_url: PICTURE_PENDING } : c)) };
    const problems = storyProblems(checked, deps.forbidden);
    if (problems.length > 0) throw new WriterFailure(`the generated story breaks the rules: ${problems.join('; ')}`);
    // The story first: whoever reads the plan as finished finds the story finished too.
    const story = await Story.findOneAndUpdate(
      { story_id: plan.story_id, plan_id: plan.plan_id, status: StoryStatus.AIGenDoing, deleted_at: null },
      {
        $set: {
          ...content,
          status: StoryStatus.AIGenSuccess,
          version_id: newNumericId(deps.now()),
          fail_msg: null,
          unread: true,
        },
        // A line of chapters generated over a story that was a graph leaves no edges or variables behind.
        ...(content.edges ? {} : { $unset: { edges: '', variables: '' } }),
      },
    ).lean();
    if (!story) {
      await Plan.updateOne({ plan_id: plan.plan_id, status: mongoose.trusted({ $lt: PlanStatus.Success }) }, { $set: { status: PlanStatus.Cancel, finished_at: new Date(deps.now()) } });
      throw new PlanStopped();
    }
    await Plan.updateOne(
      { plan_id: plan.plan_id, status: mongoose.trusted({ $lt: PlanStatus.Success }) },
      { $set: { status: PlanStatus.Success, percent: 100, finished_at: new Date(deps.now()), read: false } },
    );
    progressed(plan, PlanStatus.Success, 100);
    log.info({ plan_id: plan.plan_id, story_id: plan.story_id }, 'plan succeeded');
  }

  async function fail(plan: PlanRecord, err: unknown): Promise<void> {
    const failMsg: { code: number; msg: string } = { code: ErrorCode.BrainstormImageGenerateFailed, msg: 'Generation failed, please try again' };
    if (err instanceof WriterFailure) failMsg.code = ErrorCode.NeedRegenerate;
    await Story.updateOne(
      { story_id: plan.story_id, plan_id: plan.plan_id, status: StoryStatus.AIGenDoing },
      { $set: { status: StoryStatus.AIGenFailed, fail_msg: failMsg, unread: true } },
    );
    const failed = await Plan.findOneAndUpdate(
      { plan_id: plan.plan_id, status: mongoose.trusted({ $lt: PlanStatus.Success }) },
      { $set: { status: PlanStatus.Fail, fail_msg: failMsg, finished_at: new Date(deps.now()), read: false, quota_returned: true } },
      { new: true },
    ).lean<PlanRecord>();
    if (!failed) return;
    await giveBackQuota(plan.uid, plan.quota_day);
    progressed(plan, PlanStatus.Fail, failed.percent);
    log.warn({ err, plan_id: plan.plan_id }, 'plan failed');
  }

  async function run(job: Job<{ plan_id: string }>): Promise<void> {
    const planId = job.attrs.data.plan_id;
    let plan = await Plan.findOneAndUpdate(
      { plan_id: planId, status: mongoose.trusted({ $lt: PlanStatus.Success }) },
      { $push: { runs: PROCESS_NAME } },
      { new: true },
    ).lean<PlanRecord>();
    if (!plan) return;
    log.info({ plan_id: planId, step: plan.step, resumed: plan.runs.length > 1 }, 'plan started');
    try {
      for (let i = plan.step; i < STEPS.length; i++) {
        plan = await checkpoint(job, planId);
        const step = STEPS[i]!;
        const before = i === 0 ? 2 : STEPS[i - 1]!.done;
        plan = await save(planId, { status: step.status, percent: Math.max(plan.percent, before) });
        progressed(plan, step.status, plan.percent);
        if (step.status === PlanStatus.Executing) {
          await execute(plan);
          return;
        }
        const draft = await runStep(job, plan, i);
        plan = await save(planId, { draft, step: i + 1, percent: step.done });
        progressed(plan, step.status, step.done);
      }
    } catch (err) {
      if (err instanceof PlanStopped) {
        log.info({ plan_id: planId }, 'plan stopped: cancelled');
        return;
      }
      if (err instanceof ProcessStopping || queue.signal.aborted) {
        // Hand the plan back: the next process (or this one after its restart) resumes it at its step.
        job.attrs.nextRunAt = new Date();
        log.info({ plan_id: planId }, 'plan handed back: process stopping');
        return;
      }
      await fail(plan, err);
    }
  }

  // The plans in hand stop at their next step and hand themselves back (see ProcessStopping).
  return queue.start(run);
}
