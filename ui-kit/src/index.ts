// The product's UI kit: design tokens, accessible components and the i18n runtime shared by the shell and every remote.
export const UI_KIT_VERSION = '0.1.0';
