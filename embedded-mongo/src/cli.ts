import { consoleLogger } from './logger';
import { startEmbeddedMongo } from './server';

const USAGE = `Usage: embedded-mongo [--dbpath DIR] [--port N] [--host HOST] [--quiet]

A MongoDB wire-protocol server for one machine (development, demos, tests).
  --dbpath DIR   data folder (journal + snapshot); omitted means in memory only
  --port N       TCP port (default 27017; 0 picks a free port)
  --host HOST    interface to listen on (default 127.0.0.1)
  --quiet        only print warnings and errors
  --help         show this help`;

interface CliArgs {
  dbPath?: string;
  port: number;
  host: string;
  quiet: boolean;
}

function parseArgs(argv: string[]): CliArgs | 'help' {
  const args: CliArgs = { port: 27017, host: '127.0.0.1', quiet: false };
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
      case '--quiet':
        args.quiet = true;
        break;
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  return args;
}

async function main(): Promise<void> {
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
  const server = await startEmbeddedMongo({ dbPath: args.dbPath, port: args.port, host: args.host, logger });
  console.log(`embedded-mongo ready: ${server.uri}`);
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, stopping`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error(`stop failed: ${String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`embedded-mongo: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
