import {
  CreatorStoryStatus,
  DialogueType,
  FeedbackAttitude,
  PlanStatus,
  StoryStatus,
  TeenMode,
  ValidationErrorType,
  canEditImages,
  creatorStatusOf,
  hasEverGenerated,
  isEnumValue,
  isGenerating,
  isGenerationFinished,
} from './enums';

describe('enum values', () => {
  it('use the spec numbers', () => {
    expect(StoryStatus.ToVerify).toBe(6);
    expect(StoryStatus.Unqualified).toBe(26);
    expect(FeedbackAttitude).toEqual({ Satisfied: 10, Average: 20, Dissatisfied: 30 });
    expect(TeenMode).toEqual({ Unknown: -1, Disable: 0, Enable: 1 });
    expect([PlanStatus.Success, PlanStatus.Fail, PlanStatus.Cancel]).toEqual([100, 111, 112]);
    expect(ValidationErrorType.CharacterDeleted).toBe(5);
  });
  it('use the member name where the spec gives no number', () => {
    expect(DialogueType.NpcDialogue).toBe('NpcDialogue');
    expect(isEnumValue(DialogueType, 'Narration')).toBe(true);
    expect(isEnumValue(DialogueType, 'narration')).toBe(false);
    expect(isEnumValue(StoryStatus, 13)).toBe(true);
  });
});

describe('story status rules', () => {
  const all = Object.values(StoryStatus);
  it('generating is AIGenDoing only', () => {
    expect(all.filter(isGenerating)).toEqual([StoryStatus.AIGenDoing]);
  });
  it('generation finished is AIGenSuccess or AIGenFailed', () => {
    expect(all.filter(isGenerationFinished)).toEqual([StoryStatus.AIGenSuccess, StoryStatus.AIGenFailed]);
  });
  it('has ever generated is anything but Draft and AIGenDoing', () => {
    expect(hasEverGenerated(StoryStatus.Draft)).toBe(false);
    expect(hasEverGenerated(StoryStatus.AIGenDoing)).toBe(false);
    expect(all.filter(hasEverGenerated)).toHaveLength(all.length - 2);
  });
  it('allows image editing for the six spec statuses', () => {
    expect(all.filter(canEditImages).sort((a, b) => a - b)).toEqual([6, 13, 14, 20, 25, 26]);
  });
  it('maps numeric statuses to creator statuses', () => {
    expect(creatorStatusOf(StoryStatus.Draft)).toBe(CreatorStoryStatus.Draft);
    expect(creatorStatusOf(StoryStatus.ToVerify)).toBe(CreatorStoryStatus.Verifying);
    expect(creatorStatusOf(StoryStatus.Deleted)).toBe(CreatorStoryStatus.Deleted);
    expect(creatorStatusOf(StoryStatus.Passed)).toBe(CreatorStoryStatus.Passed);
    expect(creatorStatusOf(StoryStatus.Released)).toBe(CreatorStoryStatus.Passed);
    expect(creatorStatusOf(StoryStatus.Failed)).toBe(CreatorStoryStatus.Failed);
    expect(creatorStatusOf(StoryStatus.Unqualified)).toBe(CreatorStoryStatus.Unqualified);
    expect(creatorStatusOf(StoryStatus.AIGenDoing)).toBe(CreatorStoryStatus.Draft);
    expect(creatorStatusOf(999)).toBe(CreatorStoryStatus.Draft);
  });
});
