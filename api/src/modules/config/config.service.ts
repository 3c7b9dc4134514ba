import { LIMITS } from 'shared-kit';
import { aiMode, type Config } from '../../config';
import type { CommonConfigResponse } from './config.schema';
import { IMAGE_STYLES } from './imageStyles';

/**
 * Public product config for every client: no user data and no secrets. Phone sign-in is always on; an OpenID
 * provider shows as on only when all of its settings are present.
 */
export function commonConfig(config: Config): CommonConfigResponse {
  return {
    limits: { ...LIMITS },
    image_styles: IMAGE_STYLES.map((s) => ({ ...s })),
    providers: {
      phone: true,
      google: config.oauth.google !== undefined,
      apple: config.oauth.apple !== undefined,
      short_video: config.oauth.shortvideo !== undefined,
    },
    ai: { mode: aiMode(config) },
  };
}
