import { z } from 'zod';

/** Client-made ids for characters, plots, edges and options; the same alphabet the mention placeholders accept. */
export const itemId = z
  .string()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, _ and -');
