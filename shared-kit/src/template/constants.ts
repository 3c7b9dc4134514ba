/**
 * Templates (spec sections 1, 3 and 5): a story skeleton with fields a creator fills in. The limits here are shared
 * by the template editor's counters, the fill-in form and the api's checks.
 */

export const TEMPLATE_LIMITS = {
  name: 30,
  /** An emoji can be several code units (a flag, a family): a short cap, not one character. */
  emoji: 16,
  description: 300,
  fieldName: 30,
  placeholder: 100,
  /** A short box holds at most this many characters; a long box up to `longBox`. */
  shortBox: 100,
  longBox: 2000,
  fields: 20,
  images: 6,
  search: 50,
} as const;

export const TemplateFieldType = { Text: 'text', Image: 'image', Sound: 'sound' } as const;
export type TemplateFieldType = (typeof TemplateFieldType)[keyof typeof TemplateFieldType];

export const TemplateBox = { Short: 'short', Long: 'long' } as const;
export type TemplateBox = (typeof TemplateBox)[keyof typeof TemplateBox];

/** Where an image or sound field goes: the cover, a character's picture, or a chapter's background (or music). */
export const TemplateTargetKind = { Cover: 'cover', Character: 'character', Chapter: 'chapter' } as const;
export type TemplateTargetKind = (typeof TemplateTargetKind)[keyof typeof TemplateTargetKind];

export const TEMPLATE_CATEGORIES = ['mystery', 'romance', 'survival', 'fantasy', 'scifi', 'other'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
