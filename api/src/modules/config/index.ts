// The config module's face: what other modules may use. Everything else in this folder is its own.
export { isImageStyle, isMembersOnlyStyle } from './imageStyles';
