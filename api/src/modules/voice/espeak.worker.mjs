// The offline speech engine's thread (see tts.offline.ts): eSpeak NG compiled to WebAssembly, from the espeak-ng
// package (its voices and dictionaries are inside the .wasm). The module is compiled once; each request runs the
// espeak-ng program in a fresh instance and answers with the WAV file it wrote. Plain JavaScript so it runs as it
// is under every runner (tsx, jest, node).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const entry = require.resolve('espeak-ng');
const { default: ESpeakNg } = await import(entry);
const compiled = WebAssembly.compile(readFileSync(entry.replace(/espeak-ng\.js$/, 'espeak-ng.wasm')));

async function speak({ text, voice, pitch, speed }) {
  const module = await compiled;
  const errors = [];
  const engine = await ESpeakNg({
    arguments: ['-v', voice, '-p', String(pitch), '-s', String(speed), '-w', '/speech.wav', text],
    print: () => undefined,
    printErr: (line) => errors.push(line),
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(module, imports).then((instance) => receive(instance));
      return {};
    },
  });
  try {
    return engine.FS.readFile('/speech.wav');
  } catch {
    throw new Error(errors.join(' ') || 'espeak-ng wrote no audio');
  }
}

// One request at a time: each holds a whole instance of the program.
let queue = Promise.resolve();
parentPort.on('message', (request) => {
  queue = queue.then(async () => {
    const start = performance.now();
    try {
      const wav = await speak(request);
      parentPort.postMessage({ id: request.id, wav, ms: Math.round(performance.now() - start) }, [wav.buffer]);
    } catch (err) {
      parentPort.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
