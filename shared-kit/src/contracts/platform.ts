import { z } from 'zod';
import { selfUserSchema } from './account';

/** `POST /passport/sms/send`: when a new code may be asked for, and how long this one lasts. */
export const sentCodeSchema = z.object({ retry_after_s: z.number().int(), expires_in_s: z.number().int() });
export type SentCode = z.infer<typeof sentCodeSchema>;

/** `POST /passport/sms/login`. */
export const phoneLoginSchema = z.object({
  is_new: z.boolean(),
  /** The client shows the age and terms confirmation until both are recorded. */
  need_confirm: z.boolean(),
  user: selfUserSchema,
});
export type PhoneLogin = z.infer<typeof phoneLoginSchema>;

/** `POST /passport/guest`: a visitor's Tour identity. */
export const guestStartSchema = z.object({ user: selfUserSchema, created: z.boolean() });

/** `GET /passport/providers`: the OpenID sign-in buttons to show. */
export const loginProviderListSchema = z.object({
  providers: z.array(z.object({ id: z.enum(['google', 'apple', 'shortvideo']), name: z.string() })),
});

export const loginProvidersSchema = z.object({
  phone: z.boolean(),
  google: z.boolean(),
  apple: z.boolean(),
  short_video: z.boolean(),
});

/** `GET /tyler/user/common_config`: public product config for every client. */
export const commonConfigResponseSchema = z.object({
  limits: z.record(z.string(), z.number()),
  image_styles: z.array(
    z.object({ code: z.string(), name: z.string(), preview: z.string(), members_only: z.boolean() }),
  ),
  providers: loginProvidersSchema,
  ai: z.object({ mode: z.enum(['offline', 'model']) }),
});
export type CommonConfigResponse = z.infer<typeof commonConfigResponseSchema>;

/** A country picked beside the number: ISO 3166 alpha-2. */
const country = z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code');
/** Typed numbers carry spaces, dashes and brackets; anything longer than this is not a phone number. */
const phone = z.string().trim().min(1, 'must not be empty').max(32, 'must be at most 32 characters');

/** What the login page sends to `/api/passport/*`, as the api validates it, by the part of the call it checks. */
export const PASSPORT_REQUESTS = {
  smsSendBody: z.object({ phone, country: country.optional() }),
  smsLoginBody: z.object({ phone, country: country.optional(), code: z.string().trim().regex(/^\d{6}$/, 'must be 6 digits') }),
  logoutQuery: z.object({ next: z.string().max(2048).optional(), need_redirect: z.string().max(8).optional() }),
};
/** `POST /api/passport/sms/send`. */
export type SmsSendRequest = z.input<typeof PASSPORT_REQUESTS.smsSendBody>;
/** `POST /api/passport/sms/login`. */
export type SmsLoginRequest = z.input<typeof PASSPORT_REQUESTS.smsLoginBody>;
/** `POST /api/passport/logout`'s query. */
export type LogoutQuery = z.input<typeof PASSPORT_REQUESTS.logoutQuery>;
