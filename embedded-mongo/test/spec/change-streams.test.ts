// MongoDB's change streams specification tests (Unified Test Format) against embedded-mongo answering as the primary
// of a one-member replica set (the replSet option), through the official driver. The spec files are read from
// `<repo>/../shared/mongodb-spec/change-streams/unified`; a test is left out only for a reason of
// ./runner/requirements.ts (or CHANGE_STREAM_GAPS below: what embedded-mongo's change streams do not have yet), and
// counted in the summary printed at the end.
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../../src';
import { SERVER_VERSION } from '../../src/commands/handshake';
import { skipFor, type ServerInfo, type SpecFile, type SpecTest } from './runner/requirements';
import { parseSpecFile, runTest } from './runner/runTest';
import { Summary } from './runner/summary';

const SPEC_DIR = path.resolve(__dirname, '../../../../shared/mongodb-spec/change-streams/unified');

const SERVER: ServerInfo = { version: SERVER_VERSION, topology: 'replicaset', auth: false, serverless: false, parameters: {} };

/** What embedded-mongo's change streams do not have (see the README's Change streams); none at the time of writing. */
const GAPS: Array<[RegExp, string]> = [];

function gap(file: SpecFile, test: SpecTest): string | undefined {
  const text = JSON.stringify({ test, entities: (file as unknown as { createEntities?: unknown }).createEntities });
  return GAPS.find(([re]) => re.test(text))?.[1];
}

jest.setTimeout(30_000);

const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

if (!fs.existsSync(SPEC_DIR)) {
  it(`finds MongoDB's change streams specification tests in ${SPEC_DIR}`, () => {
    throw new Error(`${SPEC_DIR} is missing: clone the shared folder beside the repository (see embedded-mongo/README.md)`);
  });
} else {
  const summary = new Summary();
  const files = fs.readdirSync(SPEC_DIR).filter((f) => f.endsWith('.json')).sort();

  afterAll(() => {
    process.stdout.write(`\n${summary.render(`MongoDB change streams specification tests against embedded-mongo ${SERVER_VERSION}, one-member replica set (${files.length} files)`)}`);
  });

  for (const name of files) {
    const spec = parseSpecFile(fs.readFileSync(path.join(SPEC_DIR, name), 'utf8'));
    summary.add(name);
    const runnable = spec.tests.filter((test) => {
      const skip = skipFor(spec, test, SERVER);
      const missing = skip ? undefined : gap(spec, test);
      if (skip) summary.skipped(name, skip.reason, skip.detail);
      else if (missing) summary.skipped(name, 'not in embedded-mongo yet', missing);
      return !skip && !missing;
    });
    if (runnable.length === 0) continue;

    describe(name, () => {
      let server: EmbeddedMongo;
      let internal: MongoClient;

      beforeAll(async () => {
        server = await startEmbeddedMongo({ port: 0, logger: quiet, replSet: 'rs0' });
        internal = new MongoClient(server.uri);
      });

      afterAll(async () => {
        await internal?.close();
        await server?.stop();
      });

      for (const test of runnable) {
        it(test.description, async () => {
          try {
            await runTest(spec, test, server.uri, internal);
          } catch (err) {
            summary.failed(name);
            throw err;
          }
          summary.passed(name);
        });
      }
    });
  }
}
