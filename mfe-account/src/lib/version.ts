import { ENV_VALUES } from 'shared-kit';

/** The app version shown in About: the package version and the version code every request carries. */
export const APP_VERSION = '0.1.0';
export const VERSION_TEXT = `Version ${APP_VERSION} (${ENV_VALUES.version_code})`;
