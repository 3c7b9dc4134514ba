import { z } from 'zod';
import { IdentityCertification, TeenMode } from '../enums';
import { BIRTH_DATE_REGIONS, ID_NUMBER_FORMATS, IDENTITY_REGIONS, isCalendarDate, normalizeIdNumber } from '../identityIds';
import { enumOf } from './common';

/**
 * Real-name verification, age freezing, the parental passcode, play time (anti-addiction) and the regional notices
 * (`/api/tyler/user/...`), and the console's view of an account's certification (`/api/ops/identity/...`): what
 * clients send (IDENTITY_REQUESTS) and what the api answers (IDENTITY_CONTRACTS).
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const IDENTITY_LIMITS = { nameMax: 40, passcodeLength: 4 } as const;
/** Regions with a one-time notice, shown once per account. */
export const NOTICE_REGIONS = ['BR', 'ID'] as const;

export const IDENTITY_REQUESTS = {
  /** `POST /api/tyler/user/certify_identity`. */
  certifyBody: z
    .object({
      name: z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(IDENTITY_LIMITS.nameMax, `must be at most ${IDENTITY_LIMITS.nameMax} characters`)
        .refine((v) => !CONTROL.test(v), 'must not contain control characters'),
      /** The region's identity number (ID_NUMBER_FORMATS); checked against the region below. */
      id_number: z.string().trim().min(1, 'must not be empty').max(24, 'must be at most 24 characters').transform(normalizeIdNumber),
      region: z.enum(IDENTITY_REGIONS).default('CN'),
      /** The date of birth (YYYY-MM-DD) for the regions whose number carries none (BIRTH_DATE_REGIONS); not for CN. */
      birth_date: z.string().trim().refine(isCalendarDate, 'expected a date YYYY-MM-DD from 1900 on').optional(),
    })
    .strict()
    .superRefine((v, ctx) => {
      const format = ID_NUMBER_FORMATS[v.region];
      if (!format.pattern.test(v.id_number)) ctx.addIssue({ code: 'custom', path: ['id_number'], message: format.message });
      const asks = BIRTH_DATE_REGIONS.includes(v.region);
      if (asks && v.birth_date === undefined) ctx.addIssue({ code: 'custom', path: ['birth_date'], message: 'required for this region' });
      if (!asks && v.birth_date !== undefined) ctx.addIssue({ code: 'custom', path: ['birth_date'], message: 'not asked for this region: the number carries it' });
      if (v.birth_date !== undefined && Date.parse(`${v.birth_date}T00:00:00Z`) > Date.now()) {
        ctx.addIssue({ code: 'custom', path: ['birth_date'], message: 'must not be in the future' });
      }
    }),
  /** `POST /api/tyler/user/age_freezing/set`. */
  ageFreezingBody: z.object({ is_adult: z.boolean() }).strict(),
  /** `POST /api/tyler/user/online_tick`: while the play screen is visible, every 60 s. */
  onlineTickBody: z.object({ play_id: z.string().trim().min(1).max(64).optional() }).strict(),
  /** `POST /api/tyler/user/teen_mode/passcode/set` and `.../passcode/disable`. */
  passcodeBody: z.object({ passcode: z.string().regex(/^\d{4}$/, 'expected four digits') }).strict(),
  /** `POST /api/tyler/user/teen_mode/passcode/change`: the current passcode, then the new one. */
  passcodeChangeBody: z
    .object({ passcode: z.string().regex(/^\d{4}$/, 'expected four digits'), new_passcode: z.string().regex(/^\d{4}$/, 'expected four digits') })
    .strict(),
  /** `POST /api/tyler/user/region_notice/seen`. */
  noticeSeenBody: z.object({ region: z.enum(NOTICE_REGIONS) }).strict(),
  /** `GET /api/ops/identity/account`. */
  opsAccountQuery: z.object({ uid: z.string().trim().min(1).max(64) }),
  /** `POST /api/ops/identity/reset_attempts`. */
  opsResetBody: z.object({ uid: z.string().trim().min(1).max(64), reason: z.string().trim().max(500).default('') }).strict(),
};

export type CertifyIdentityRequest = z.input<typeof IDENTITY_REQUESTS.certifyBody>;

const certificationSchema = z.object({
  certification: enumOf(IdentityCertification),
  /** The legal name masked after the check ("张*", "J***"); '' before. */
  name_masked: z.string(),
  teen_mode: enumOf(TeenMode),
  /** Youth mode cannot be turned off (a verified minor). */
  teen_mode_locked: z.boolean(),
  passcode_set: z.boolean(),
  attempts_left: z.number().int(),
  /** The offline provider only checks the number's format and checksum. */
  format_check_only: z.boolean(),
  /** The verified number's region; before, the form's default: the sign-in country's when one of IDENTITY_REGIONS, else CN. */
  region: z.enum(IDENTITY_REGIONS),
});
export type Certification = z.infer<typeof certificationSchema>;

const playTimeSchema = z.object({
  /** Whether play time is limited for this account. */
  limited: z.boolean(),
  used_ms: z.number().int(),
  allowance_ms: z.number().int(),
  /** Play and the feed refuse until `reopens_at` (ISO), null when open. */
  allowed: z.boolean(),
  reopens_at: z.string().nullable(),
  /** When the day's allowance or the allowed hours end (ISO), null when unlimited or closed. */
  closes_at: z.string().nullable(),
  counted: z.boolean(),
  /** How often the play screen sends `online_tick`, and how long before the end the pre-warning comes (ms). */
  tick_ms: z.number().int(),
  warn_ms: z.number().int(),
});
export type PlayTime = z.infer<typeof playTimeSchema>;

const ageFreezingSchema = z.object({ frozen: z.boolean(), is_adult: z.boolean().nullable(), by: z.enum(['answer', 'verification']).nullable() });
const noticeSchema = z.object({ region: z.enum(NOTICE_REGIONS).nullable(), feedback_link: z.string() });
const opsAccountSchema = z.object({
  uid: z.string(),
  certification: enumOf(IdentityCertification),
  name_masked: z.string(),
  certified_at: z.string().nullable(),
  teen_mode: enumOf(TeenMode),
  attempts_today: z.number().int(),
  passcode_fails_today: z.number().int(),
  play_time: playTimeSchema,
});
export type OpsIdentityAccount = z.infer<typeof opsAccountSchema>;

export const IDENTITY_CONTRACTS = {
  'POST /tyler/user/certify_identity': certificationSchema,
  'GET /tyler/user/check_certification': certificationSchema,
  'GET /tyler/user/age_freezing/get': ageFreezingSchema,
  'POST /tyler/user/age_freezing/set': ageFreezingSchema,
  'POST /tyler/user/online_tick': playTimeSchema,
  'GET /tyler/user/anti_addiction/status': playTimeSchema,
  'POST /tyler/user/teen_mode/passcode/set': certificationSchema,
  'POST /tyler/user/teen_mode/passcode/disable': certificationSchema,
  'POST /tyler/user/teen_mode/passcode/change': certificationSchema,
  'GET /tyler/user/region_notice': noticeSchema,
  'POST /tyler/user/region_notice/seen': noticeSchema,
  'GET /ops/identity/account': opsAccountSchema,
  'POST /ops/identity/reset_attempts': opsAccountSchema,
};
