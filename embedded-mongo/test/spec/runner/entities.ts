// The entity map of one test: clients (with their command monitoring), databases, collections, cursors and saved values.
import { type Collection, type Db, type Document, type FindCursor, MongoClient, type MongoClientOptions, ReadConcern, ReadPreference, WriteConcern } from 'mongodb';

export type CommandEvent = { type: 'commandStartedEvent' | 'commandSucceededEvent' | 'commandFailedEvent'; commandName: string; databaseName: string; command?: Document; reply?: Document; hasServiceId: boolean; hasServerConnectionId: boolean };

export interface ClientEntity {
  client: MongoClient;
  events: CommandEvent[];
  /** Events are recorded only while the test's operations run. */
  recording: boolean;
}

type Entity =
  | { kind: 'client'; value: ClientEntity }
  | { kind: 'database'; value: Db }
  | { kind: 'collection'; value: Collection }
  | { kind: 'cursor'; value: FindCursor }
  | { kind: 'value'; value: unknown };

/** Commands whose monitoring events a test never sees: the handshake and authentication (sensitive commands). */
const SENSITIVE = new Set(['hello', 'ismaster', 'isMaster', 'saslStart', 'saslContinue', 'authenticate', 'getnonce', 'createUser', 'updateUser', 'copydbgetnonce', 'copydbsaslstart', 'copydb']);

/** Converts the format's `readConcern`/`readPreference`/`writeConcern` documents into driver options. */
export function driverOptions(raw: Document | undefined): Document {
  const out: Document = { ...(raw ?? {}) };
  if (raw?.readConcern) out.readConcern = new ReadConcern(raw.readConcern.level);
  if (raw?.writeConcern) out.writeConcern = WriteConcern.fromOptions({ writeConcern: raw.writeConcern });
  if (raw?.readPreference) {
    const { mode, tagSets, maxStalenessSeconds, hedge } = raw.readPreference as Document;
    out.readPreference = new ReadPreference(mode, tagSets, { maxStalenessSeconds, hedge });
  }
  return out;
}

export class EntityMap {
  private readonly entities = new Map<string, Entity>();

  /** `clientOptions`: driver options every client of the test gets (see DRIVER_OPTIONS in ./requirements.ts). */
  constructor(
    private readonly uri: string,
    private readonly clientOptions: MongoClientOptions = {},
  ) {}

  private add(id: string, entity: Entity): void {
    if (this.entities.has(id)) throw new Error(`entity ${id} is already defined`);
    this.entities.set(id, entity);
  }

  private get<K extends Entity['kind']>(id: string, kind: K): Extract<Entity, { kind: K }>['value'] {
    const entity = this.entities.get(id);
    if (!entity) throw new Error(`entity ${id} is not defined`);
    if (entity.kind !== kind) throw new Error(`entity ${id} is a ${entity.kind}, not a ${kind}`);
    return entity.value as never;
  }

  client(id: string): ClientEntity {
    return this.get(id, 'client');
  }

  database(id: string): Db {
    return this.get(id, 'database');
  }

  collection(id: string): Collection {
    return this.get(id, 'collection');
  }

  cursor(id: string): FindCursor {
    return this.get(id, 'cursor');
  }

  kindOf(id: string): Entity['kind'] | undefined {
    return this.entities.get(id)?.kind;
  }

  /** A value saved with `saveResultAsEntity` (for `$$matchesEntity`). */
  value(id: string): unknown {
    return this.get(id, 'value');
  }

  sessionLsid(id: string): never {
    throw new Error(`session entity ${id}: sessions are not among the entities this runner creates`);
  }

  save(id: string, value: unknown): void {
    this.add(id, { kind: 'value', value });
  }

  saveCursor(id: string, cursor: FindCursor): void {
    this.add(id, { kind: 'cursor', value: cursor });
  }

  /** Creates the entities of `createEntities` in order. */
  async create(specs: Document[]): Promise<void> {
    for (const spec of specs) {
      const [kind, def] = Object.entries(spec)[0] as [string, Document];
      switch (kind) {
        case 'client':
          this.add(def.id, { kind: 'client', value: await this.newClient(def) });
          break;
        case 'database':
          this.add(def.id, { kind: 'database', value: this.client(def.client).client.db(def.databaseName, driverOptions(def.databaseOptions)) });
          break;
        case 'collection':
          this.add(def.id, { kind: 'collection', value: this.database(def.database).collection(def.collectionName, driverOptions(def.collectionOptions)) });
          break;
        default:
          throw new Error(`unsupported entity type ${kind}`);
      }
    }
  }

  private async newClient(def: Document): Promise<ClientEntity> {
    const known = new Set(['id', 'observeEvents', 'ignoreCommandMonitoringEvents', 'uriOptions', 'useMultipleMongoses', 'observeSensitiveCommands']);
    for (const key of Object.keys(def)) if (!known.has(key)) throw new Error(`unsupported client option ${key}`);
    const observe = new Set<string>(def.observeEvents ?? []);
    const ignore = new Set<string>(def.ignoreCommandMonitoringEvents ?? []);
    const options: MongoClientOptions = { monitorCommands: observe.size > 0, serverSelectionTimeoutMS: 5000, ...this.clientOptions, ...(def.uriOptions ?? {}) };
    const client = new MongoClient(this.uri, options);
    const entity: ClientEntity = { client, events: [], recording: false };
    const record = (type: CommandEvent['type']) => (e: Document) => {
      if (!entity.recording || !observe.has(type) || ignore.has(e.commandName) || SENSITIVE.has(e.commandName)) return;
      entity.events.push({
        type,
        commandName: e.commandName,
        databaseName: e.databaseName,
        command: e.command,
        reply: e.reply,
        hasServiceId: e.serviceId !== undefined,
        hasServerConnectionId: e.serverConnectionId !== undefined && e.serverConnectionId !== null,
      });
    };
    client.on('commandStarted', record('commandStartedEvent'));
    client.on('commandSucceeded', record('commandSucceededEvent'));
    client.on('commandFailed', record('commandFailedEvent'));
    await client.connect();
    return entity;
  }

  clients(): ClientEntity[] {
    return [...this.entities.values()].filter((e) => e.kind === 'client').map((e) => e.value as ClientEntity);
  }

  /** Closes cursors and clients. */
  async close(): Promise<void> {
    for (const e of this.entities.values()) if (e.kind === 'cursor') await e.value.close().catch(() => undefined);
    for (const c of this.clients()) await c.client.close();
    this.entities.clear();
  }
}
