/**
 * Named prepared statements for the statements the server runs again and again.
 *
 * Kysely sends every query unnamed, so PostgreSQL parses, analyses and plans it each time;
 * for the short statements of a booking that is a large part of their cost. A statement
 * text seen `threshold` times is given a name: from then on each connection parses it once
 * and only binds and executes it. A name always means the same text (a text whose statement
 * went stale gets a fresh name, never one used before). At most `limit` texts are named, which
 * bounds what each database session keeps; statements whose text varies, such as
 * `IN ($1, $2, …)` lists of different lengths, stay unnamed once the limit is reached.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Map<string, number>();
  private issued = 0;

  constructor(
    private readonly limit = 300,
    private readonly threshold = 3,
    /** Texts counted before the counts start again (bounds memory for ever-new texts). */
    private readonly seenLimit = 5000,
  ) {}

  /** The name to run this text under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.names.size >= this.limit) return named;
    const count = (this.seen.get(text) ?? 0) + 1;
    if (count < this.threshold) {
      if (this.seen.size >= this.seenLimit) this.seen.clear();
      this.seen.set(text, count);
      return undefined;
    }
    this.seen.delete(text);
    const name = `perch_${++this.issued}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * Gives up a text's name after its prepared statement went stale: the next run prepares it
   * afresh under a new name on every connection.
   */
  retire(text: string): void {
    this.names.delete(text);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's constructor must take any[]
type AnyClient = new (...args: any[]) => { query(...args: unknown[]): unknown };

/**
 * A statement prepared before a table changed shape (a migration added a column to a
 * `SELECT *`) fails with 0A000 "cached plan must not change result type". Its text is then
 * prepared again under a new name; the request that met it answers 503 (db-errors.ts).
 */
export function isStalePreparedStatement(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { code, message } = e as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && /cached plan must not change result type/i.test(message);
}

/**
 * A pg.Client class that runs repeated parameterised statements (Kysely's way of calling:
 * `query(text, values)`) as named prepared statements.
 */
export function namingClientClass<C extends AnyClient>(Base: C, names: StatementNames): C {
  return class NamingClient extends Base {
    override query(...args: unknown[]): unknown {
      const [text, values] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return super.query(...args);
      const name = names.nameFor(text);
      if (name === undefined) return super.query(...args);
      const result = super.query({ name, text, values }, ...args.slice(2));
      if (result instanceof Promise)
        result.then(undefined, (err: unknown) => {
          if (isStalePreparedStatement(err)) names.retire(text);
        });
      return result;
    }
  };
}
