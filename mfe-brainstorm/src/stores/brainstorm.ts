import { create } from 'zustand';
import { ErrorCode, isApiError, LIMITS, PlanStatus, STORAGE_PREFIX, storage, StoryStatus, type ImageStyle, type StoryDetail } from 'shared-kit';
import { messageForError } from 'ui-kit';
import * as service from '../services/brainstorm.service';

export type Step = 'edit' | 'creating' | 'result';
export type Modal = 'quota' | 'storyLimit' | null;

export interface PlanProgress {
  planId: string;
  status: number;
  percent: number;
  /** Seconds, as the api counts them when the plan was read. */
  estimatedTime: number;
  duration: number;
  /** When `duration` was read (ms since the epoch), so the countdown can tick on locally. */
  readAt: number;
}

export interface BrainstormState {
  storyId: string | null;
  story: StoryDetail | null;
  step: Step;
  idea: string;
  style: string;
  /** The idea as last sent: typing a different one makes the page dirty. */
  savedIdea: string;
  styles: ImageStyle[];
  /** The drawing styles' load: a Generate pressed while they load waits for them; a failed load says so. */
  stylesState: 'loading' | 'ready' | 'failed';
  quota: { remain: number; total: number } | null;
  plan: PlanProgress | null;
  /** The spec's create error state: the idea was refused, or the last generation failed. */
  createError: string | null;
  loading: boolean;
  loadError: string | null;
  busy: boolean;
  modal: Modal;
  /** Max generations a day, for the quota modal. */
  quotaMax: number;
  published: boolean;
  /** Why the last publish from the result was refused (not a failed generation: the story itself is there). */
  publishError: string | null;
}

const initial: BrainstormState = {
  storyId: null,
  story: null,
  step: 'edit',
  idea: '',
  style: '',
  savedIdea: '',
  styles: [],
  stylesState: 'loading',
  quota: null,
  plan: null,
  createError: null,
  loading: false,
  loadError: null,
  busy: false,
  modal: null,
  quotaMax: 10,
  published: false,
  publishError: null,
};

export const useBrainstormStore = create<BrainstormState>()(() => ({ ...initial }));

export function resetBrainstormStore(): void {
  useBrainstormStore.setState({ ...initial }, true);
}

/** A new idea not yet sent is kept here, so a reload or a closed tab does not lose what was typed. */
export const IDEA_DRAFT_KEY = `${STORAGE_PREFIX}brainstorm_idea`;

const set = useBrainstormStore.setState;
const get = useBrainstormStore.getState;

/** Spec section 4, brainstorm load: which step a story's status opens. */
export function stepOf(status: number): Step {
  if (status === StoryStatus.AIGenDoing) return 'creating';
  if (status === StoryStatus.Draft || status === StoryStatus.Failed || status === StoryStatus.Deleted) return 'edit';
  return 'result';
}

function progressOf(story: StoryDetail): PlanProgress | null {
  if (!story.plan) return null;
  return {
    planId: story.plan.plan_id,
    status: story.plan.status,
    percent: story.plan.percent,
    estimatedTime: story.plan_info.estimated_time,
    duration: story.plan_info.duration,
    readAt: Date.now(),
  };
}

function applyStory(story: StoryDetail): void {
  const status = story.story_info.status;
  const failMsg = story.story_info.fail_msg;
  set({
    story,
    storyId: story.story_id,
    step: stepOf(status),
    idea: story.story_info.brain_storm_idea,
    savedIdea: story.story_info.brain_storm_idea,
    style: story.story_info.image_generate_style?.code ?? get().style,
    plan: progressOf(story),
    createError: status === StoryStatus.Failed || status === StoryStatus.AIGenFailed ? (failMsg?.msg ?? null) : null,
  });
}

/** The styles' load in flight (or the last one): `generate` waits for it rather than refusing a press it came before. */
let stylesLoad: Promise<void> | null = null;

export function loadStyles(): Promise<void> {
  set({ stylesState: 'loading' });
  const loading = (async () => {
    const [styles, quota] = await Promise.all([
      service.fetchStyles().catch(() => null),
      service.fetchQuota().catch(() => null),
    ]);
    set({
      ...(styles ? { styles, style: get().style || (styles.find((s) => !s.members_only)?.code ?? '') } : {}),
      stylesState: styles && styles.length > 0 ? 'ready' : 'failed',
      ...(quota ? { quota: { remain: quota.remain, total: quota.total }, quotaMax: quota.max } : {}),
    });
  })();
  stylesLoad = loading;
  return loading;
}

/**
 * The style a generation uses. Pressed before the styles arrived (a slow start), the press waits for them and goes
 * on with the default style, instead of being dropped while the page looks ready; a failed load is tried again.
 */
async function styleForGeneration(): Promise<string> {
  if (get().style !== '') return get().style;
  if (get().stylesState === 'loading' && stylesLoad) await stylesLoad;
  if (get().style === '' && get().styles.length === 0) await loadStyles();
  return get().style;
}

/** Opens a story (or a new idea when `storyId` is null) at the step its status says. */
export async function load(storyId: string | null): Promise<void> {
  if (storyId === null) {
    if (get().storyId !== null) resetBrainstormStore();
    const draft = storage.get(IDEA_DRAFT_KEY);
    if (draft && get().idea === '') set({ idea: draft });
    return;
  }
  set({ loading: true, loadError: null });
  try {
    applyStory(await service.fetchStory(storyId));
  } catch (error) {
    set({ loadError: messageForError(error) });
  } finally {
    set({ loading: false });
  }
}

export function setIdea(idea: string): void {
  set({ idea, createError: null });
  // Only a new idea is kept locally: a story's idea is saved with the story.
  if (get().storyId === null) {
    if (idea.trim() === '') storage.remove(IDEA_DRAFT_KEY);
    else storage.set(IDEA_DRAFT_KEY, idea);
  }
}

export function setStyle(style: string): void {
  set({ style });
}

export function closeModal(): void {
  set({ modal: null });
}

/** Starts (or restarts) a generation; resolves with the story id, or null when it was refused. */
export async function generate(): Promise<string | null> {
  const { idea } = get();
  if (idea.trim() === '' || Array.from(idea).length > LIMITS.brainstormIdea || get().busy) return null;
  set({ busy: true, createError: null });
  try {
    const style = await styleForGeneration();
    // No style to draw in (none chosen, or they could not be loaded): the edit step says which.
    if (style === '') return null;
    const { story, storyId } = get();
    const res = await service.startGeneration({ storyId: storyId ?? undefined, versionId: story?.version.version_id, idea: idea.trim(), style });
    storage.remove(IDEA_DRAFT_KEY);
    set({
      storyId: res.story_id,
      savedIdea: idea,
      step: 'creating',
      published: false,
      publishError: null,
      plan: res.plan_generate
        ? { planId: res.plan_generate.plan_id, status: PlanStatus.New, percent: 0, estimatedTime: 0, duration: 0, readAt: Date.now() }
        : null,
      quota: res.plan_generate ? { remain: res.plan_generate.balance_pieces, total: res.plan_generate.total_pieces } : get().quota,
    });
    // The story's own read gives the estimate; pushes and polls move the percent.
    void service.fetchStory(res.story_id).then((s) => {
      if (get().storyId === s.story_id && get().step === 'creating') set({ story: s, plan: progressOf(s) ?? get().plan });
    }).catch(() => undefined);
    return res.story_id;
  } catch (error) {
    if (isApiError(error) && error.code === ErrorCode.NoQuota) {
      const data = error.data as { max?: number; total?: number } | undefined;
      set({ modal: 'quota', quotaMax: data?.max ?? data?.total ?? get().quotaMax });
    } else if (isApiError(error) && error.code === ErrorCode.NoStoryQuota) {
      set({ modal: 'storyLimit' });
    } else {
      set({ createError: messageForError(error) });
    }
    return null;
  } finally {
    set({ busy: false });
  }
}

/** A plan push (or poll) for the story on screen: moves the percent; a finished plan reloads the story. */
export function planMoved(update: { plan_id: string; status: number; percent: number; duration?: number; estimated_time?: number }): void {
  const { plan, storyId } = get();
  if (!plan || plan.planId !== update.plan_id || !storyId) return;
  set({
    plan: {
      ...plan,
      status: update.status,
      percent: Math.max(plan.percent, update.percent),
      ...(update.duration !== undefined ? { duration: update.duration, readAt: Date.now() } : {}),
      ...(update.estimated_time !== undefined && update.estimated_time > 0 ? { estimatedTime: update.estimated_time } : {}),
    },
  });
  if (update.status >= PlanStatus.Success) {
    void service.markPlanRead(update.plan_id).catch(() => undefined);
    void load(storyId);
  }
}

export async function pollPlan(): Promise<void> {
  const plan = get().plan;
  if (!plan) return;
  try {
    const p = await service.fetchPlan(plan.planId);
    planMoved({ plan_id: p.plan_id, status: p.status, percent: p.percent, duration: p.duration, estimated_time: p.estimated_time });
  } catch {
    // The next poll or push tries again.
  }
}

export async function cancel(): Promise<boolean> {
  const storyId = get().storyId;
  if (!storyId) return false;
  set({ busy: true });
  try {
    await service.cancelGeneration(storyId);
    await load(storyId);
    return true;
  } catch (error) {
    set({ createError: messageForError(error) });
    return false;
  } finally {
    set({ busy: false });
  }
}

export async function publish(): Promise<boolean> {
  const story = get().story;
  if (!story) return false;
  set({ busy: true, publishError: null });
  try {
    await service.publishStory(story);
    set({ published: true });
    await load(story.story_id);
    return true;
  } catch (error) {
    set({ publishError: messageForError(error) });
    return false;
  } finally {
    set({ busy: false });
  }
}
