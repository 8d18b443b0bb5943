/**
 * Names for the statements of one pooled connection, so PostgreSQL parses and plans each text once per
 * connection instead of once per request (ADR 0022). Row-level security's quals are part of the plan; the
 * tenant they compare with is a setting read when the statement runs, so one plan serves every tenant.
 *
 * Bounded: the least recently used name is closed past `max` texts. Names are never reused, so pg's own
 * record of parsed statements never sees one name with two texts. Behind a transaction pooler nothing is
 * named (the next statement may reach another server connection): the caller decides.
 */
export class StatementNames {
  readonly #byText = new Map<string, string>();
  #closes: string[] = [];
  #next = 1;

  constructor(private readonly max: number) {}

  /** The name for this text, most recently used now. */
  nameFor(text: string): string {
    let name = this.#byText.get(text);
    if (name !== undefined) {
      // Map order is the recency order: move it to the end.
      this.#byText.delete(text);
      this.#byText.set(text, name);
      return name;
    }
    name = `tilth_${this.#next++}`;
    this.#byText.set(text, name);
    if (this.#byText.size > this.max) {
      const [oldest, oldName] = this.#byText.entries().next().value ?? [];
      if (oldest !== undefined && oldName !== undefined) {
        this.#byText.delete(oldest);
        this.#closes.push(oldName);
      }
    }
    return name;
  }

  /** Drops a name whose statement may not exist (its first parse failed), and closes it to be sure. */
  forget(name: string): void {
    for (const [text, n] of this.#byText) {
      if (n === name) {
        this.#byText.delete(text);
        break;
      }
    }
    this.#closes.push(name);
  }

  /** Names to close, taken by the next batch sent on the connection. */
  takeCloses(): string[] {
    const out = this.#closes;
    if (out.length > 0) this.#closes = [];
    return out;
  }

  /** How many texts are named now. */
  get size(): number {
    return this.#byText.size;
  }
}
