// The face detector's thread (see media.face.ts): TensorFlow.js on its WebAssembly backend with face-api's tiny
// face detector, whose weights ship in the @vladmandic/face-api package and are read from node_modules once, when
// the thread starts. Plain JavaScript so it runs as it is under every runner (tsx, jest, node).
const path = require('node:path');
const { parentPort } = require('node:worker_threads');

// TensorFlow.js greets Node users on the console with advice to install its native backend: not wanted here.
const log = console.log;
const warn = console.warn;
console.log = () => undefined;
console.warn = () => undefined;
const tf = require('@tensorflow/tfjs');
require('@tensorflow/tfjs-backend-wasm');
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
const sharp = require('sharp');

/** The longest side the detector looks at: faces a character picture must show stay far larger than it needs. */
const SIDE = 512;

const ready = (async () => {
  await tf.setBackend('wasm');
  await tf.ready();
  const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
  console.log = log;
  console.warn = warn;
})();

parentPort.on('message', async ({ id, data, minScore }) => {
  try {
    const loadStart = performance.now();
    await ready;
    const start = performance.now();
    const { data: pixels, info } = await sharp(Buffer.from(data))
      .rotate()
      .resize(SIDE, SIDE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const input = tf.tensor3d(new Uint8Array(pixels), [info.height, info.width, 3], 'int32');
    let found;
    try {
      found = await faceapi.detectAllFaces(input, new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: minScore }));
    } finally {
      input.dispose();
    }
    const scores = found.map((d) => Math.round(d.score * 1000) / 1000).sort((a, b) => b - a);
    parentPort.postMessage({ id, faces: scores.length, best: scores[0] ?? 0, ms: Math.round(performance.now() - start), waitedMs: Math.round(start - loadStart) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
