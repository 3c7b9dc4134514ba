import { z } from 'zod';

// The models a player may choose for their plays (CHAT_MODELS), served by the same OpenAI-compatible server as
// LLM_MODEL. A members-only model is a membership benefit: others keep the default.

const modelSchema = z
  .object({
    /** The model name the server is asked for. */
    id: z.string().trim().min(1).max(200),
    /** What players see; the id when absent. */
    name: z.string().trim().min(1).max(80).optional(),
    members_only: z.boolean().default(false),
  })
  .strict();

export interface ChatModelSetting {
  id: string;
  name: string;
  members_only: boolean;
}

const modelsSchema = z
  .array(modelSchema)
  .max(20)
  .refine((list) => new Set(list.map((m) => m.id)).size === list.length, 'id must be unique');

/** Throws an Error whose message explains the bad value; the caller names the variable. */
export function chatModelSettings(raw: string | undefined): ChatModelSetting[] {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('expected a JSON array of models, e.g. [{"id":"gpt-4o","name":"GPT-4o","members_only":true}]');
  }
  const parsed = modelsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join('.') || 'models'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data.map((m) => ({ id: m.id, name: m.name ?? m.id, members_only: m.members_only }));
}
