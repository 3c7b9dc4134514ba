/** A speech recogniser: an OpenAI-compatible `POST /audio/transcriptions` (multipart, a WAV file and the model). */
export interface Transcriber {
  transcribe(wav: Buffer, language: string): Promise<string>;
}

export function openAiTranscriber(options: { baseUrl: string; apiKey: string | undefined; model: string }): Transcriber {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    async transcribe(wav, language) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'recording.wav');
      form.append('model', options.model);
      form.append('language', language.split('-')[0]!.toLowerCase());
      form.append('response_format', 'json');
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey ?? 'not-needed'}` },
        body: form,
        signal: AbortSignal.timeout(60_000),
      });
      if (!res.ok) throw new Error(`speech recogniser answered HTTP ${res.status}`);
      const body = (await res.json()) as { text?: unknown };
      if (typeof body.text !== 'string') throw new Error('speech recogniser sent no text');
      return body.text;
    },
  };
}

/** Words of a text for comparison: lower case, letters and digits only (CJK characters one word each). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([\u3400-\u9fff\u3040-\u30ff\uac00-\ud7af])/g, ' $1 ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * How much of `expected` was read, tolerating a recogniser's slips: the longest common subsequence of words over
 * the expected words (0-1).
 */
export function readShare(expected: string, heard: string): number {
  const a = words(expected);
  const b = words(heard);
  if (a.length === 0) return 1;
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const wa of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j += 1) row[j] = wa === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    prev = row;
  }
  return prev[b.length]! / a.length;
}

/** The share of the shown text that must be heard for a recording to count as read as written. */
export const READ_SHARE_NEEDED = 0.6;
