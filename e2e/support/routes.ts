/**
 * Every route of the product a signed-in user reaches directly, by remote (the accessibility audits and the landmark
 * checks visit them all). On a phone the editor's routes show the mobile notice (spec §2 mobile rule): that page is
 * what gets checked there.
 */
export const ROUTES = {
  editor: [
    '/editor',
    '/editor/works',
    '/editor/story/new',
    '/editor/story-ai',
    '/editor/bot',
    '/editor/demo/components',
    '/editor/gallery',
    '/editor/voices',
    '/editor/template/new',
    '/editor/forbidden-create',
    '/editor/collections',
  ],
  account: [
    '/account',
    '/account/edit',
    '/account/settings',
    '/account/blocked',
    '/account/inbox',
    '/account/reports',
    '/account/youth-mode',
    '/account/verify',
    '/account/delete',
    '/account/guidelines',
    '/account/membership',
    '/account/feedback',
    '/account/weekly',
  ],
} as const;

/** The console's pages besides its review queue (`/ops`), as the operator opens them. */
export const OPERATOR_ROUTES = [
  '/ops/users',
  '/ops/appeals',
  '/ops/reports',
  '/ops/permissions',
  '/ops/template-whitelist',
  '/ops/home',
  '/ops/dashboard',
  '/ops/mail',
  '/ops/audit',
  '/ops/orders',
  '/ops/feedback',
] as const;
