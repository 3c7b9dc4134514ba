import type { Document } from 'bson';
import { ObjectId, Timestamp } from 'bson';
import type { CommandHandler, ReplicaSetMember } from './context';
import { MAX_BSON_SIZE } from './context';

/** The MongoDB version this server answers as (buildInfo, serverStatus); the spec tests are chosen by it. */
export const SERVER_VERSION = '7.0.0';
const VERSION = SERVER_VERSION;

/** Fixed for the life of the process: a one-member set never holds another election. */
const ELECTION_ID = new ObjectId('7fffffff0000000000000001');

/** What `hello` adds for the primary of a one-member replica set (see the `replSet` option). */
function replicaSetFields(set: ReplicaSetMember): Document {
  const now = new Date();
  const opTime = { ts: new Timestamp({ t: Math.floor(now.getTime() / 1000), i: 1 }), t: 1n };
  return {
    hosts: [set.me],
    setName: set.name,
    setVersion: 1,
    secondary: false,
    primary: set.me,
    me: set.me,
    electionId: ELECTION_ID,
    lastWrite: { opTime, lastWriteDate: now, majorityOpTime: opTime, majorityWriteDate: now },
  };
}

const hello: CommandHandler = (_cmd, ctx) => ({
  helloOk: true,
  ismaster: true,
  isWritablePrimary: true,
  ...(ctx.replSet ? replicaSetFields(ctx.replSet) : {}),
  maxBsonObjectSize: MAX_BSON_SIZE,
  maxMessageSizeBytes: 48_000_000,
  maxWriteBatchSize: 100_000,
  localTime: new Date(),
  logicalSessionTimeoutMinutes: 30,
  connectionId: ctx.connectionId,
  minWireVersion: 0,
  maxWireVersion: 21,
  readOnly: false,
  ok: 1,
});

const ok: CommandHandler = () => ({ ok: 1 });

const buildInfo: CommandHandler = () => ({
  version: VERSION,
  gitVersion: 'embedded',
  versionArray: VERSION.split('.').map(Number).concat([0]),
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_SIZE,
  storageEngines: ['embedded'],
  javascriptEngine: 'none',
  modules: [],
  ok: 1,
});

const PARAMETERS: Document = {
  featureCompatibilityVersion: { version: '7.0' },
  authenticationMechanisms: [],
  maxBsonObjectSize: MAX_BSON_SIZE,
};

const getParameter: CommandHandler = (cmd) => {
  const out: Document = {};
  const all = cmd.getParameter === '*' || (typeof cmd.getParameter === 'object' && cmd.getParameter !== null && (cmd.getParameter as Document).allParameters);
  for (const [k, v] of Object.entries(PARAMETERS)) if (all || k in cmd) out[k] = v;
  return { ...out, ok: 1 };
};

/** Transactions are accepted so session-using code runs, but writes apply immediately: they are not atomic. */
export const handshakeCommands: Record<string, CommandHandler> = {
  hello,
  ismaster: hello,
  isMaster: hello,
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  startSession: () => ({ id: { id: crypto.randomUUID() }, timeoutMinutes: 30, ok: 1 }),
  refreshSessions: ok,
  killSessions: ok,
  killAllSessions: ok,
  commitTransaction: ok,
  abortTransaction: ok,
  getLog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
  hostInfo: () => ({ system: { currentTime: new Date(), hostname: 'localhost' }, os: {}, extra: {}, ok: 1 }),
  serverStatus: (_cmd, ctx) => ({
    host: 'localhost',
    version: VERSION,
    process: 'embedded-mongo',
    uptime: process.uptime(),
    localTime: new Date(),
    journal: { fsyncs: ctx.engine.journalSyncs },
    metrics: { commands: Object.fromEntries([...ctx.engine.commandCounts].map(([name, total]) => [name, { total, failed: 0 }])) },
    ok: 1,
  }),
  whatsmyuri: (_cmd, ctx) => ({ you: `127.0.0.1:${ctx.connectionId}`, ok: 1 }),
  getCmdLineOpts: () => ({ argv: [], parsed: {}, ok: 1 }),
  getFreeMonitoringStatus: () => ({ state: 'disabled', ok: 1 }),
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  logout: ok,
};
