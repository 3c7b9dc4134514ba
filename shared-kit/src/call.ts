// Calls with a character (no zod here: pages import it). The call's requests and answers: contracts/call.ts.

/** The socket.io namespace a call's audio and events go through (same path as the pushes). */
export const CALL_NAMESPACE = '/call';
/** A dropped call may join again within this long; after it the call ends. */
export const CALL_RECONNECT_MS = 30_000;
/** Microphone audio: signed 16-bit little-endian PCM, mono, at this rate. */
export const CALL_SAMPLE_RATE = 16_000;
/** The most bytes of audio in one `audio` message. */
export const CALL_AUDIO_CHUNK_MAX = 64 * 1024;
