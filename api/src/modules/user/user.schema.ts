import { UserGender } from 'shared-kit';
import { idString, pageQuerySchema } from 'shared-kit/schemas';
import { z } from 'zod';
import { THEMES } from './user.model';

/*
 * Types only here: length and character rules of nickname, username and avatar are checked by the service, which
 * answers with the spec's own codes (nickname length, username format, ...) rather than the generic 1009.
 */
export const saveBody = z
  .object({
    nickname: z.string().optional(),
    username: z.string().optional(),
    avatar: z.string().optional(),
    gender: z.enum(Object.values(UserGender) as [string, ...string[]]).optional(),
  })
  .strict();
export type SaveInput = z.infer<typeof saveBody>;

export const checkUserNameQuery = z.object({ user_name: z.string() });

export const settingsUpdateBody = z
  .object({
    notifications: z
      .object({
        comments: z.boolean().optional(),
        likes: z.boolean().optional(),
        follows: z.boolean().optional(),
        system: z.boolean().optional(),
      })
      .strict()
      .optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/, 'must be a language tag such as en or pt-BR')
      .optional(),
    theme: z.enum(THEMES).optional(),
    third_party_data_sharing: z.boolean().optional(),
  })
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateBody>;

export const uidBody = z.object({ uid: idString });
export const blockListQuery = pageQuerySchema;

export const logInConfirmBody = z.object({ is_adult: z.boolean(), agree_terms: z.boolean() });
export const teenModeBody = z.object({ enable: z.boolean() });
export const logOffBody = z.object({ reason: z.string().max(500).optional() }).optional();
