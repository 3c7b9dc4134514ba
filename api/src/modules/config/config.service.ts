import { LIMITS } from 'shared-kit';
import { aiMode, type Config } from '../../config';
import type { CommonConfigResponse } from './config.schema';
import { IMAGE_STYLES } from './imageStyles';

/**
 * Public product config for every client: no user data and no secrets. Login providers are all off until the
 * accounts work configures them.
 */
export function commonConfig(config: Config): CommonConfigResponse {
  return {
    limits: { ...LIMITS },
    image_styles: IMAGE_STYLES.map((s) => ({ ...s })),
    providers: { phone: false, google: false, apple: false, short_video: false },
    ai: { mode: aiMode(config) },
  };
}
