// The graph's constants, kept apart from the zod schemas so the editor can use them without loading zod.

/** The kinds a story variable may be (the spec's template kinds belong to templates, not to a story's graph). */
export const VARIABLE_KINDS = ['Integer', 'Bool', 'String'] as const;
export type StoryVariableKind = (typeof VARIABLE_KINDS)[number];

export const CONDITION_OPS = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
/** The operators Bool and String variables take (Integer takes all of CONDITION_OPS). */
export const EQUALITY_OPS: readonly ConditionOp[] = ['eq', 'ne'];

export const VARIABLE_OPS = ['set', 'add'] as const;
export type VariableOp = (typeof VARIABLE_OPS)[number];

export const JUDGE_MODES = ['variables', 'outcomes'] as const;
export type JudgeMode = (typeof JUDGE_MODES)[number];

/** A Choice content node offers two to six options. */
export const CHOICE_OPTIONS_MIN = 2;
export const CHOICE_OPTIONS_MAX = 6;

/** The handle of the edge a content or assignment node leaves by, and of a judge's fallback route. */
export const NEXT_HANDLE = 'next';
export const OTHERWISE_HANDLE = 'otherwise';

/** Shape caps that keep a request bounded; the rules (2-6 options, 100 plots) are validation, with their codes. */
export const GRAPH_LIST_CAP = 50;
export const GRAPH_EDGES_CAP = 2000;
export const GRAPH_VARIABLES_CAP = 100;
