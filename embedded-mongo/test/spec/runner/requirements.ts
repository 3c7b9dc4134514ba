// Which spec tests apply to this server, and the one table of reasons a test may be left out.
import type { Document, MongoClientOptions } from 'mongodb';

/** What the server under test is, read from it once (buildInfo, hello, getParameter). */
export interface ServerInfo {
  version: string;
  topology: 'single' | 'replicaset' | 'sharded' | 'load-balanced';
  auth: boolean;
  serverless: boolean;
  parameters: Document;
}

export interface SpecTest {
  description: string;
  runOnRequirements?: Document[];
  skipReason?: string;
  operations: Document[];
}

export interface SpecFile {
  description: string;
  runOnRequirements?: Document[];
  tests: SpecTest[];
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** Why one runOnRequirement is not met, or undefined when it is. */
function unmet(req: Document, server: ServerInfo): string | undefined {
  if (req.minServerVersion && compareVersions(server.version, req.minServerVersion) < 0) return `server >= ${req.minServerVersion}`;
  if (req.maxServerVersion && compareVersions(server.version, req.maxServerVersion) > 0) return `server <= ${req.maxServerVersion}`;
  if (req.topologies) {
    const topologies = (req.topologies as string[]).map((t) => (t === 'sharded-replicaset' ? 'sharded' : t));
    if (!topologies.includes(server.topology)) return `topology ${topologies.join('/')}`;
  }
  if (req.serverless === 'require' && !server.serverless) return 'serverless';
  if (req.serverless === 'forbid' && server.serverless) return 'not serverless';
  if (req.auth !== undefined && req.auth !== server.auth) return req.auth ? 'authentication' : 'no authentication';
  if (req.authMechanism) return `authentication mechanism ${req.authMechanism}`;
  if (req.csfle) return 'client-side field level encryption';
  for (const [name, value] of Object.entries((req.serverParameters as Document | undefined) ?? {})) {
    if (!(name in server.parameters) || JSON.stringify(server.parameters[name]) !== JSON.stringify(value)) return `server parameter ${name}`;
  }
  return undefined;
}

/** The reason none of `reqs` is met, or undefined when one is (or there are none). */
function unmetAll(reqs: Document[] | undefined, server: ServerInfo): string | undefined {
  if (!reqs || reqs.length === 0) return undefined;
  const reasons = reqs.map((r) => unmet(r, server));
  return reasons.includes(undefined) ? undefined : reasons.join(' or ');
}

/**
 * Tests that check what the official Node driver sends or does on its own, where that driver knowingly differs
 * from the spec (its own spec runner leaves these out with the same tickets): they fail against any server.
 * What they would check on the server is covered by embedded-mongo's command tests (test/crud-commands.test.ts).
 */
const DRIVER_DIFFERENCES: Record<string, string> = {
  'InsertMany passes bypassDocumentValidation: false': 'NODE-6484: the driver omits bypassDocumentValidation: false',
  'FindOneAndUpdate passes bypassDocumentValidation: false': 'NODE-6484: the driver omits bypassDocumentValidation: false',
  'FindOneAndReplace passes bypassDocumentValidation: false': 'NODE-6484: the driver omits bypassDocumentValidation: false',
  'BulkWrite passes bypassDocumentValidation: false': 'NODE-6484: the driver omits bypassDocumentValidation: false',
  'Aggregate with $out passes bypassDocumentValidation: false': 'NODE-6484: the driver omits bypassDocumentValidation: false',
};

/**
 * Tests run with a driver option that makes the Node driver send what the spec expects it to send, where it knowingly
 * differs by default: NODE-6468, the driver replaces a null `_id` by a new ObjectId before sending an insert unless
 * `forceServerObjectId` is set (then the document goes as given, and the server stores `_id: null`).
 */
const NULL_ID = { options: { forceServerObjectId: true }, why: 'NODE-6468: the driver sends a null _id as given only with forceServerObjectId' };
export const DRIVER_OPTIONS: Record<string, { options: MongoClientOptions; why: string }> = {
  'inserting _id with type null via insertOne': NULL_ID,
  'inserting _id with type null via insertMany': NULL_ID,
  'inserting _id with type null via bulkWrite': NULL_ID,
};

/**
 * Every reason a spec test is left out, in one place. A test is left out only when it needs what a standalone
 * server cannot have; each row says what, and `applies` finds the tests it covers.
 */
export const SKIPS: Array<{ reason: string; applies: (file: SpecFile, test: SpecTest, server: ServerInfo) => string | undefined }> = [
  {
    reason: "runOnRequirements not met by this server's version and topology",
    applies: (file, test, server) => unmetAll(file.runOnRequirements, server) ?? unmetAll(test.runOnRequirements, server),
  },
  {
    reason: 'skipped by the spec itself (skipReason)',
    applies: (_file, test) => test.skipReason,
  },
  {
    reason: 'needs server fail points (configureFailPoint, a test command of mongod this server does not have)',
    applies: (_file, test) => (test.operations.some((o) => o.object === 'testRunner' && /failPoint/i.test(String(o.name))) ? 'failPoint operation' : undefined),
  },
  {
    reason: 'checks a known difference of the Node driver from the spec, not the server (see DRIVER_DIFFERENCES)',
    applies: (_file, test) => DRIVER_DIFFERENCES[test.description],
  },
];

/** The first skip that applies to a test, with its detail, or undefined when the test runs. */
export function skipFor(file: SpecFile, test: SpecTest, server: ServerInfo): { reason: string; detail: string } | undefined {
  for (const skip of SKIPS) {
    const detail = skip.applies(file, test, server);
    if (detail !== undefined) return { reason: skip.reason, detail };
  }
  return undefined;
}
