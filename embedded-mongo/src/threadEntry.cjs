'use strict';
// Entry of the embedded-mongo worker thread. The package ships TypeScript sources and a worker thread starts with
// no loader of its parent's (jest's transform does not reach it), so it registers tsx itself, as the bin does.
require('tsx/cjs/api').register();
require('./threadWorker.ts');
