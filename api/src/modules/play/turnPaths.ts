/**
 * A turn's two requests, the send and its reply's stream: a playing account makes them every few seconds, so its
 * account stays cached in the process while its sessions' revision holds (as the online tick's; see resolveToken).
 * Its own file, imported by nothing else, so the play module's index does not load its routes.
 */
export const TURN_PATHS: ReadonlySet<string> = new Set(['/api/tyler/message/send', '/api/tyler/message/stream_reply']);
