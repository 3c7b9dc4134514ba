// The story as a graph: constants, the read-side mapping and the rules (no zod here; the schemas are in ./schema).
export * from './constants';
export * from './read';
export * from './validate';
export type {
  StoryVariable,
  VariableValue,
  Condition,
  Assignment,
  DirectorRule,
  ChoiceOption,
  JudgeRoute,
  StoryEdge,
  NodePosition,
} from './schema';
