import type { AppRouter } from '../../lib/context';
import { respond } from '../../lib/envelope';
import { rateLimit } from '../../lib/rateLimit';
import { validate } from '../../lib/validate';
import { TrackEvent } from './event.model';
import { EDITOR_REQUESTS } from 'shared-kit/schemas';

const trackBody = validate({ body: EDITOR_REQUESTS.trackBody });

/** `POST /api/events/track`: the small collector behind the clients' reporter. Signed in or not. */
export function eventsRoutes(router: AppRouter, deps: { now: () => number }): void {
  const perClient = rateLimit({
    name: 'track',
    windowMs: 60_000,
    max: 120,
    key: (ctx) => `track:${ctx.state.user?.uid ?? ctx.ip}`,
  });
  router.post('/api/events/track', perClient, trackBody, async (ctx) => {
    const { name, params } = trackBody.input(ctx).body;
    // The enter-editor event is stored with its defaults applied (entrance url_pc).
    const stored = name === 'enter_story_editor' ? EDITOR_REQUESTS.enterEditorParams.parse(params) : params;
    await TrackEvent.create({
      name,
      params: stored,
      uid: ctx.state.user?.uid ?? null,
      device_platform: ctx.state.client.device_platform ?? null,
      created_at: new Date(deps.now()),
    });
    respond(ctx, {});
  });
}
