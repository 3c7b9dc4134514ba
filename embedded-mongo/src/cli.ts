import { consoleLogger } from './logger';
import { startEmbeddedMongo } from './server';

const USAGE = `Usage: embedded-mongo [--dbpath DIR] [--port N] [--host HOST] [--replSet NAME] [--compact-bytes N] [--oplog-bytes N] [--quiet] [--stop-on-stdin-close] [--stop-with-parent]

A MongoDB wire-protocol server for one machine (development, demos, tests).
  --dbpath DIR   data folder (journal + snapshot); omitted means in memory only
  --port N       TCP port (default 27017; 0 picks a free port)
  --host HOST    interface to listen on (default 127.0.0.1)
  --replSet NAME answer as the primary of a one-member replica set of this name (as mongod --replSet)
  --compact-bytes N
                 journal size that triggers a snapshot (default 67108864, 64 MB)
  --oplog-bytes N
                 with --replSet and --dbpath: cap of the oplog files that keep change events for
                 resuming change streams across a restart (default 33554432, 32 MB)
  --quiet        only print warnings and errors
  --stop-on-stdin-close
                 stop cleanly when standard input closes (e.g. when the parent process dies);
                 use it when a wrapper such as npx may not pass SIGTERM on
  --stop-with-parent
                 stop cleanly when the process that started this one exits (checked every second);
                 \`npx embedded-mongo --stop-with-parent\` stops when npx is killed
  --help         show this help`;

interface CliArgs {
  dbPath?: string;
  port: number;
  host: string;
  replSet?: string;
  compactBytes?: number;
  oplogBytes?: number;
  quiet: boolean;
  stopOnStdinClose: boolean;
  stopWithParent: boolean;
}

function parseArgs(argv: string[]): CliArgs | 'help' {
  const args: CliArgs = { port: 27017, host: '127.0.0.1', quiet: false, stopOnStdinClose: false, stopWithParent: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--help':
      case '-h':
        return 'help';
      case '--dbpath':
        args.dbPath = value();
        break;
      case '--port': {
        const raw = value();
        const port = Number(raw);
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be an integer between 0 and 65535, got ${raw}`);
        args.port = port;
        break;
      }
      case '--host':
        args.host = value();
        break;
      case '--replSet':
        args.replSet = value();
        break;
      case '--compact-bytes': {
        const raw = value();
        const bytes = Number(raw);
        if (!Number.isInteger(bytes) || bytes < 1) throw new Error(`--compact-bytes must be a positive integer, got ${raw}`);
        args.compactBytes = bytes;
        break;
      }
      case '--oplog-bytes': {
        const raw = value();
        const bytes = Number(raw);
        if (!Number.isInteger(bytes) || bytes < 4096) throw new Error(`--oplog-bytes must be an integer of at least 4096, got ${raw}`);
        args.oplogBytes = bytes;
        break;
      }
      case '--quiet':
        args.quiet = true;
        break;
      case '--stop-on-stdin-close':
        args.stopOnStdinClose = true;
        break;
      case '--stop-with-parent':
        args.stopWithParent = true;
        break;
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  return args;
}

async function main(): Promise<void> {
  // Read before anything can be awaited: the parent may die while the server starts.
  const parent = process.ppid;
  let args: CliArgs | 'help';
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`embedded-mongo: ${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (args === 'help') {
    console.log(USAGE);
    return;
  }
  const logger = consoleLogger(!args.quiet);
  const server = await startEmbeddedMongo({ dbPath: args.dbPath, port: args.port, host: args.host, replSet: args.replSet, compactBytes: args.compactBytes, oplogBytes: args.oplogBytes, logger });
  console.log(`embedded-mongo ready: ${server.uri}`);
  let stopping = false;
  const shutdown = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info(`${reason}, stopping`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error(`stop failed: ${String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT received'));
  process.on('SIGTERM', () => shutdown('SIGTERM received'));
  process.on('SIGHUP', () => shutdown('SIGHUP received'));
  if (args.stopOnStdinClose) {
    // A closed pipe is how a dead parent shows up even when no signal reaches this process.
    process.stdin.on('end', () => shutdown('end of standard input'));
    process.stdin.on('close', () => shutdown('standard input closed'));
    process.stdin.on('error', () => shutdown('standard input failed'));
    process.stdin.resume();
  }
  if (args.stopWithParent) {
    // npm exec runs the bin under `sh -c` and does not pass SIGTERM on; when it dies this process is re-parented.
    logger.info(`will stop when parent process ${parent} exits`);
    const check = (): void => {
      if (process.ppid !== parent) shutdown('parent process exited');
    };
    check();
    const timer = setInterval(check, 1000);
    timer.unref();
  }
}

main().catch((err: unknown) => {
  console.error(`embedded-mongo: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
