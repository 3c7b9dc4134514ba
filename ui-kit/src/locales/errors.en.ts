import { ERROR_MESSAGES, UI_MESSAGES } from 'shared-kit';

/**
 * The client's message per error code name of the spec's catalogue (§8), and the messages not tied to a code.
 * The English wording is shared-kit's (the api sends the same text as status_message); other languages are typed
 * against this object, so a code cannot ship without its translation.
 */
const errors = {
  code: ERROR_MESSAGES,
  ui: {
    ...UI_MESSAGES,
    // i18next interpolates {{name}}; the api's text has {email}.
    regionUnavailable: UI_MESSAGES.regionUnavailable.replace('{email}', '{{email}}'),
  },
};

export default errors;
export type ErrorsCatalogue = typeof errors;
