import { z } from 'zod';
import { AudioCallStatus } from '../enums';
import { isoDate } from './common';


/** Ids are numeric strings (as in the play's other calls). */
const numericId = z.string().max(40).regex(/^\d+$/, 'must be a numeric id');

/** What the player sends to the call calls (`/api/tyler/call/*`), as the api validates it. */
export const CALL_REQUESTS = {
  /** `POST call/create`: a call with the character of one's own play. */
  createBody: z.object({ play_id: numericId }),
  /** `POST call/end`, `call/reject`, `call/ignore`. */
  callBody: z.object({ call_id: numericId }),
  /** `GET call/audio_info`: what is left today, and the call's own state and lines with `call_id`. */
  audioInfoQuery: z.object({ play_id: numericId.optional(), call_id: numericId.optional() }),
};
export type CallCreateRequest = z.input<typeof CALL_REQUESTS.createBody>;

const audioCallStatus = z.enum(Object.values(AudioCallStatus) as [AudioCallStatus, ...AudioCallStatus[]]);

export const callLeftSchema = z.object({
  max_call_seconds: z.number().int(),
  daily_seconds: z.number().int(),
  seconds_left_today: z.number().int(),
  asr_seconds_left_today: z.number().int(),
  calls_today: z.number().int(),
});
export type CallLeft = z.infer<typeof callLeftSchema>;

export const callLineSchema = z.object({
  input_dialogue_id: z.string(),
  reply_dialogue_ids: z.array(z.string()),
  text: z.string(),
  at: isoDate.nullable(),
});

export const callInfoSchema = z.object({
  call_id: z.string(),
  play_id: z.string(),
  story_id: z.string(),
  state: z.enum(['Active', 'Ended', 'Rejected', 'Ignored']),
  status: audioCallStatus,
  seconds: z.number(),
  started_at: isoDate.nullable(),
  ended_at: isoDate.nullable(),
  /** Who the player speaks with: the play's character (name and portrait), or the story's narrator. */
  character_name: z.string(),
  character_image: z.string(),
  events: z.array(z.object({ type: z.string(), at: isoDate.nullable() })),
  /** The player's spoken lines: each the play's Input row and the replies it got. */
  lines: z.array(callLineSchema),
});
export type CallInfo = z.infer<typeof callInfoSchema>;

export const CALL_CONTRACTS = {
  'POST /tyler/call/create': z.object({ call: callInfoSchema, left: callLeftSchema }),
  'POST /tyler/call/end': z.object({ call: callInfoSchema }),
  'POST /tyler/call/reject': z.object({ call: callInfoSchema }),
  'POST /tyler/call/ignore': z.object({ call: callInfoSchema }),
  'GET /tyler/call/audio_info': z.object({ left: callLeftSchema, call: callInfoSchema.nullable() }),
};

/** What the `/call` namespace sends (server to client). */
export interface CallServerEvents {
  /** The call's time and limits, every second while it runs. */
  'call:state': { call_id: string; seconds: number; max_call_seconds: number; seconds_left_today: number };
  /** Who speaks now: the player (voice detected) or the character (a reply playing), or no one. */
  'call:speaking': { who: 'player' | 'character' | 'none' };
  /** What the recogniser heard in the player's utterance. */
  'call:transcript': { text: string; final: boolean; input_dialogue_id?: string };
  /** The reply's words as they are written. */
  'call:reply': { dialogue_id: string; offset: number; text: string };
  /** One sentence of the reply spoken (a clip to fetch and play), in order. */
  'call:audio': { dialogue_id: string; index: number; text: string; url: string; mime: string };
  /** The player spoke over the reply: stop playing it. */
  'call:barge': { dialogue_id: string | null };
  /** Something the call refused (audio that is not audio, too long, too loud) or a turn's failure. */
  'call:error': { status_code: number; status_message: string };
  'call:ended': { call_id: string; status: AudioCallStatus; status_code: number };
}
