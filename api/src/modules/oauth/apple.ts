import { z } from 'zod';

const appleUserSchema = z.object({
  name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
});

/**
 * The display name from Apple's `user` form field (JSON, sent on the first authorization only). It comes through
 * the browser, so it is only a starting nickname, never an identity.
 */
export function appleUserName(raw: string | null): string | undefined {
  if (!raw || raw.length > 2048) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = appleUserSchema.safeParse(json);
  if (!parsed.success || !parsed.data.name) return undefined;
  const name = [parsed.data.name.firstName, parsed.data.name.lastName].filter(Boolean).join(' ').trim();
  return name || undefined;
}
