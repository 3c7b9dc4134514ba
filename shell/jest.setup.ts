// jsdom lacks a few web APIs that react-router's data router uses. Tests only.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

if (typeof globalThis.Request === 'undefined') {
  // The data router builds a Request for every navigation and reads only url, method, signal and headers unless a
  // route has loaders or actions, which the shell's routes do not. This is the smallest stand-in for that.
  class TestRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: Map<string, string>;
    readonly body: unknown;

    constructor(
      input: string | URL | { url: string },
      init: { method?: string; signal?: AbortSignal; body?: unknown } = {},
    ) {
      this.url = typeof input === 'object' && 'url' in input ? input.url : String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = new Map();
      this.body = init.body ?? null;
    }
  }
  Object.assign(globalThis, { Request: TestRequest });
}
