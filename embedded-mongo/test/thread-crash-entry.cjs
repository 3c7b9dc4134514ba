'use strict';
// Worker entry for thread.test.ts: the real worker, which throws an uncaught error once `<dbPath>/crash-now`
// appears, as a bug in the server would.
const fs = require('node:fs');
const path = require('node:path');
const { workerData } = require('node:worker_threads');

const trigger = path.join(workerData.options.dbPath, 'crash-now');
const timer = setInterval(() => {
  if (fs.existsSync(trigger)) throw new Error('simulated crash in the worker');
}, 20);
timer.unref();

require('tsx/cjs/api').register();
require('../src/threadWorker.ts');
