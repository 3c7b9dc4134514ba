// MongoDB's CRUD specification tests (Unified Test Format) against embedded-mongo, through the official driver.
// The spec files are read from `<repo>/../shared/mongodb-spec/crud/unified`; one jest test per spec test that
// applies to this server, the others are left out for a reason of ./runner/requirements.ts and counted in the
// summary printed at the end.
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../../src';
import { SERVER_VERSION } from '../../src/commands/handshake';
import { skipFor, type ServerInfo } from './runner/requirements';
import { parseSpecFile, runTest } from './runner/runTest';
import { Summary } from './runner/summary';

const SPEC_DIR = path.resolve(__dirname, '../../../../shared/mongodb-spec/crud/unified');

/** embedded-mongo is a standalone server without authentication, answering as this MongoDB version. */
const SERVER: ServerInfo = { version: SERVER_VERSION, topology: 'single', auth: false, serverless: false, parameters: {} };

jest.setTimeout(30_000);

const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

if (!fs.existsSync(SPEC_DIR)) {
  it(`finds MongoDB's CRUD specification tests in ${SPEC_DIR}`, () => {
    throw new Error(`${SPEC_DIR} is missing: clone the shared folder beside the repository (see embedded-mongo/README.md)`);
  });
} else {
  const summary = new Summary();
  const files = fs.readdirSync(SPEC_DIR).filter((f) => f.endsWith('.json')).sort();

  afterAll(() => {
    process.stdout.write(`\n${summary.render(`MongoDB CRUD specification tests against embedded-mongo ${SERVER_VERSION} (${files.length} files)`)}`);
  });

  for (const name of files) {
    const spec = parseSpecFile(fs.readFileSync(path.join(SPEC_DIR, name), 'utf8'));
    summary.add(name);
    const runnable = spec.tests.filter((test) => {
      const skip = skipFor(spec, test, SERVER);
      if (skip) summary.skipped(name, skip.reason, skip.detail);
      return !skip;
    });
    if (runnable.length === 0) continue;

    describe(name, () => {
      let server: EmbeddedMongo;
      let internal: MongoClient;

      beforeAll(async () => {
        server = await startEmbeddedMongo({ port: 0, logger: quiet });
        internal = new MongoClient(server.uri);
        const info = await internal.db('admin').command({ buildInfo: 1 });
        if (info.version !== SERVER.version) throw new Error(`the server answers as ${String(info.version)}, the tests were chosen for ${SERVER.version}`);
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
