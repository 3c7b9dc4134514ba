/** The kit's own copy (source language). Other languages are typed against it: a missing key is a type error. */
const common = {
  close: 'Close',
  confirm: 'Confirm',
  cancel: 'Cancel',
  notNow: 'Not now',
  save: 'Save',
  loading: 'Loading',
  refresh: 'Refresh',
  loadMore: 'Load more',
  loadMoreFailed: 'The next page could not be loaded. Try again.',
  retry: 'Try again',
  notifications: 'Notifications',
  pageUnavailable: 'Page temporarily unavailable',
  overLimit_one: '{{count}} character over the limit of {{limit}}',
  overLimit_other: '{{count}} characters over the limit of {{limit}}',
  characterCount: '{{count}} of {{limit}} characters',
  language: 'Language',
  theme: 'Theme',
  themeLight: 'Light',
  themeDark: 'Dark',
  justNow: 'just now',
  copyError: 'Copy error',
} as const;

export default common;
export type CommonCatalogue = typeof common;
