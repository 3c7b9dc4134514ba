#!/usr/bin/env node
'use strict';
// The package ships TypeScript sources only; tsx compiles them on load.
require('tsx/cjs');
require('../src/cli.ts');
