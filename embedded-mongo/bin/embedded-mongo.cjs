#!/usr/bin/env node
'use strict';
// The package ships TypeScript sources only; tsx compiles them on load. The server runs in this very process
// (nothing is spawned), so SIGTERM/SIGINT sent to it stop the server; see --stop-on-stdin-close for wrappers
// that do not pass signals on.
require('tsx/cjs');
require('../src/cli.ts');
