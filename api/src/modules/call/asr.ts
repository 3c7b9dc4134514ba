import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Transcriber } from '../voice';

/** What the call's audio is: signed 16-bit little-endian PCM, one channel, 16 kHz. */
export const SAMPLE_RATE = 16_000;

/** One utterance recognised while it is spoken: its audio written as it comes, its words when it ends. */
export interface RecognitionStream {
  write(pcm: Buffer): void;
  finish(signal?: AbortSignal): Promise<string>;
  /** Drops the utterance (refused, cut short, the call ended). */
  cancel(): void;
}

/** Turns one utterance (PCM as above) into text; `stream`, when there, recognises it while it is spoken. */
export interface Recogniser {
  readonly name: string;
  transcribe(pcm: Buffer, language: string, signal?: AbortSignal): Promise<string>;
  stream?(language: string): RecognitionStream;
  /** Gets ready ahead of the first utterance (a call starts). */
  warm?(): Promise<void>;
}

/** Where Debian's pocketsphinx keeps its US English model (package pocketsphinx-en-us). */
export const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const BINARY = process.env.POCKETSPHINX_BIN ?? 'pocketsphinx_continuous';

/** The recognisers running now: a call's end, its api's stop, kill them (killRecognisers). */
const running = new Set<ChildProcess>();

/** Stops every recogniser this process started that is still running. */
export function killRecognisers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export function runningRecognisers(): number {
  return running.size;
}

/** A WAV file of PCM as above (for an OpenAI-compatible endpoint, and for tests). */
export function wavOf(pcm: Buffer, rate = SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** Whether Debian's pocketsphinx and its English model are installed (scripts/ensure-speech.sh installs them). */
export function pocketsphinxInstalled(): boolean {
  return existsSync(`${MODEL_DIR}/en-us/mdef`);
}

/**
 * Offline recognition with CMU PocketSphinx (Debian's `pocketsphinx` and `pocketsphinx-en-us`) when the warm one
 * (asr.warm.ts) cannot run: one process per utterance (the model loaded each time), the PCM in a temporary file, the words on its standard output. Its noise removal is off: it eats
 * the start of words in clean speech (measured in bench/call-asr.ts). An abort kills the process.
 */
export function pocketsphinx(): Recogniser {
  return {
    name: 'pocketsphinx',
    async transcribe(pcm, _language, signal) {
      // From a file: the binary opens its input by name, and a socket (what node gives a child for stdin) is not one.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'call-asr-'));
      const file = path.join(dir, 'utterance.raw');
      try {
        await writeFile(file, pcm);
        return await run(file, signal);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

function run(file: string, signal: AbortSignal | undefined): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('recognition cancelled'));
    const child = spawn(
      BINARY,
      ['-infile', file, '-logfn', '/dev/null', '-remove_noise', 'no', '-hmm', `${MODEL_DIR}/en-us`, '-lm', `${MODEL_DIR}/en-us.lm.bin`, '-dict', `${MODEL_DIR}/cmudict-en-us.dict`],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    running.add(child);
    let out = '';
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('error', (err) => {
      running.delete(child);
      reject(err);
    });
    child.on('close', (code, sig) => {
      running.delete(child);
      signal?.removeEventListener('abort', onAbort);
      if (code === 0) resolve(out.replace(/\s+/g, ' ').trim());
      else reject(new Error(sig ? `recogniser stopped (${sig})` : `recogniser exited with ${code}`));
    });
  });
}

/** An OpenAI-compatible `POST /audio/transcriptions` (ASR_MODEL set), the one custom voices use. */
export function endpointRecogniser(transcriber: Transcriber): Recogniser {
  return {
    name: 'endpoint',
    transcribe: (pcm, language) => transcriber.transcribe(wavOf(pcm), language),
  };
}
