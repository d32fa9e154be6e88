import { PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/** Enough for every query the app runs often; a rarely used one is prepared again when it returns. */
const DEFAULT_MAX_STATEMENTS = 100;
const STATEMENT_MISSING = '26000';
const PLAN_CHANGED_RESULT_TYPE = 'cached plan must not change result type';

interface Statement {
  name: string;
  /** The type of each parameter, as PostgreSQL inferred it when the statement was prepared. */
  paramTypes: number[];
}

/**
 * PGlite whose single statements run as named prepared statements (decision 026).
 *
 * PGlite's own `query` parses and plans its statement on every call, in six separate calls into
 * PostgreSQL (parse, describe, bind, describe, execute, sync). Here each SQL text is prepared once and
 * then bound and executed in a single call, so PostgreSQL plans it as it does for a named statement
 * over a connection: custom plans for the first executions, then a cached generic plan when that is as
 * good. Results, errors and notifications are PGlite's own: the same serializers, the same result
 * parser, the same exclusive locks. Statements inside a transaction go through PGlite's transaction
 * object, unchanged.
 */
export class StatementCachingPGlite extends PGlite {
  /** By SQL text, least recently used first. */
  readonly #statements = new Map<string, Statement>();
  /** Close messages of evicted statements, sent ahead of the next statement. */
  #closing: Uint8Array[] = [];
  #prepared = 0;
  readonly #maxStatements: number;

  constructor(options: ConstructorParameters<typeof PGlite>[0] & { maxStatements?: number } = {}) {
    const { maxStatements = DEFAULT_MAX_STATEMENTS, ...pgliteOptions } = options;
    super(pgliteOptions);
    this.#maxStatements = maxStatements;
  }

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        try {
          return await this.#execute<T>(text, params, options);
        } catch (error) {
          if (!isStaleStatement(error)) throw error;
          // The statement was deallocated, or a table it reads changed shape: prepare it afresh.
          this.#forget(text);
          return await this.#execute<T>(text, params, options);
        } finally {
          await this.syncToFs();
        }
      }),
    );
  }

  async #execute<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = this.#statements.get(text) ?? (await this.#prepare(text, params, options));
    this.#touch(text, statement);
    const values = params.map((value, index) => this.#serialize(value, statement.paramTypes[index], options));
    const messages = await this.#send(
      [
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
      ],
      { text, params, options },
    );
    return this.#results<T>(messages, options);
  }

  /**
   * PGlite's result parser, with the query's own parsers layered over the instance's. Given them as an
   * option, it copies all of the instance's parsers (over 300) into a new object for every query,
   * which cost about 65 µs a query: longer than running most of our statements.
   */
  #results<T>(messages: Awaited<ReturnType<PGlite['execProtocolStream']>>, options?: QueryOptions) {
    if (!options?.parsers) return parse.parseResults(messages, this.parsers, options)[0] as Results<T>;
    const { parsers, ...rest } = options;
    const layered: PGlite['parsers'] = Object.assign(Object.create(this.parsers), parsers);
    return parse.parseResults(messages, layered, rest)[0] as Results<T>;
  }

  async #prepare(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Statement> {
    const name = `vidvisor_${++this.#prepared}`;
    const messages = await this.#send(
      [protocol.serialize.parse({ name, text, types: [] }), protocol.serialize.describe({ type: 'S', name })],
      { text, params, options },
    );
    return { name, paramTypes: parse.parseDescribeStatementResults(messages) };
  }

  /** Sends the messages and a sync in one call; a database error carries the query, as PGlite's do. */
  async #send(messages: Uint8Array[], query: { text: string; params: unknown[]; options?: QueryOptions }) {
    const batch = concat([...this.#closing, ...messages, protocol.serialize.sync()]);
    this.#closing = [];
    try {
      return await this.execProtocolStream(batch, { syncToFs: false });
    } catch (error) {
      if (error instanceof Error) {
        Object.assign(error, { query: query.text, params: query.params, queryOptions: query.options });
      }
      throw error;
    }
  }

  #serialize(value: unknown, type: number | undefined, options: QueryOptions | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer =
      type === undefined ? undefined : (options?.serializers?.[type] ?? this.serializers[type]);
    return serializer ? serializer(value) : String(value);
  }

  #touch(text: string, statement: Statement) {
    this.#statements.delete(text);
    this.#statements.set(text, statement);
    if (this.#statements.size > this.#maxStatements) this.#forget(this.#statements.keys().next().value!);
  }

  /** Drops a statement; PostgreSQL closes it with the next call. */
  #forget(text: string) {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    this.#closing.push(protocol.serialize.close({ type: 'S', name: statement.name }));
  }
}

/** A statement deallocated behind our back, or one whose table changed shape since it was prepared. */
function isStaleStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === STATEMENT_MISSING || (code === '0A000' && message === PLAN_CHANGED_RESULT_TYPE);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
