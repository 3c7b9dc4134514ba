import { ENV_VALUES } from 'shared-kit';

/** The app version shown in About: the package version and the version code every request carries. */
export const APP_VERSION = '0.1.0';
/** The version as About shows it, with the word "Version" left to the catalogue: `0.1.0 (10000)`. */
export const VERSION_TEXT = `${APP_VERSION} (${ENV_VALUES.version_code})`;
