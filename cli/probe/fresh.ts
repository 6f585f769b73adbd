/**
 * Fresh values where the API asks for uniqueness: a create (or its repair) does not re-send a string that
 * an earlier 2xx create already used for a member the API keys on (`sku`, `email`, `slug`, `username`, a
 * member described as unique, or one a 409 named); it sends a new value that still fits the schema.
 */
import { randomInt } from 'node:crypto';
import { isObject, type Located, type OpenApiDocument, type Operation } from '../../lib/document/document';
import { constraintsOfView, violation } from '../../lib/document/constraints';
import { viewsOf } from '../../lib/document/schema';
import { words } from '../../lib/errors/concepts';
import { bodyMembers, type ProbeRequest } from './requests';

/** The last word of a member name that says the API keys records on it. */
const KEY_WORDS = new Set(['sku', 'email', 'slug', 'username', 'login', 'handle']);

/** Whether a body member is one the API keys on: by its name, its description ("unique"), or a 409 that named it. */
function isKey(doc: OpenApiDocument, name: string, schema: Located, named: ReadonlySet<string>): boolean {
  if (named.has(name) || KEY_WORDS.has(words(name).at(-1) ?? '')) return true;
  const views = viewsOf(doc, schema.value, schema.location) ?? [];
  return views.some(view => view.parts.some(part => /\bunique\b/i.test(String(part.value.description ?? ''))));
}

/** Candidates for a new value near `value`, the email's local part changed for an email. */
function variants(value: string, n: number): string[] {
  const at = value.lastIndexOf('@');
  if (at > 0) return [`${value.slice(0, at)}+${n}${value.slice(at)}`];
  return [`${value}-${n}`, `${value}${n}`, `${value.slice(0, -String(n).length - 1)}-${n}`, `${value.slice(0, -String(n).length)}${n}`];
}

export class FreshValues {
  /** The key values a 2xx create sent, by operation and member. */
  private readonly used = new Map<Operation, Map<string, Set<string>>>();
  /** Members a 409 named, by operation. */
  private readonly named = new Map<Operation, Set<string>>();
  /** Digits that differ between runs, so that a value left by an earlier run against the same deployment is not taken again. */
  private counter = randomInt(1000, 9000);

  constructor(private readonly doc: OpenApiDocument) {}

  /** The key members of an operation's JSON body, with their schemas. */
  private keys(operation: Operation): [string, Located, boolean][] {
    const named = this.named.get(operation) ?? new Set();
    return bodyMembers(this.doc, operation).filter(([name, schema]) => isKey(this.doc, name, schema, named));
  }

  /** Remembers the key values of a request a create answered 2xx to. */
  learnCreated(request: ProbeRequest): void {
    if (!isObject(request.body)) return;
    const body = request.body;
    const used = this.used.get(request.operation) ?? new Map<string, Set<string>>();
    this.used.set(request.operation, used);
    for (const [name] of this.keys(request.operation)) {
      const value = body[name];
      if (typeof value === 'string') used.set(name, (used.get(name) ?? new Set()).add(value));
    }
  }

  /** Remembers that a 409 to a create named these members: the API keys on them. */
  learnConflict(operation: Operation, members: readonly string[]): void {
    this.named.set(operation, new Set([...(this.named.get(operation) ?? []), ...members]));
  }

  /** The request with a new value for each key member whose value an earlier create used (unchanged when none fits the schema). */
  freshened(request: ProbeRequest, always = false): ProbeRequest {
    const used = this.used.get(request.operation);
    if (!isObject(request.body) || (used === undefined && !always)) return request;
    const body = { ...request.body };
    for (const [name, schema] of this.keys(request.operation)) {
      const value = body[name];
      if (typeof value !== 'string' || !(always || used?.get(name)?.has(value))) continue;
      body[name] = this.newValue(value, schema, used?.get(name)) ?? value;
    }
    return { ...request, body };
  }

  private newValue(value: string, schema: Located, taken: ReadonlySet<string> | undefined): string | undefined {
    const view = viewsOf(this.doc, schema.value, schema.location)?.[0];
    const constraints = view === undefined ? undefined : constraintsOfView(view);
    for (let tries = 0; tries < 3; tries++) {
      const n = ++this.counter;
      const fits = variants(value, n).find(
        candidate => !taken?.has(candidate) && (constraints === undefined || violation(candidate, constraints) === undefined),
      );
      if (fits !== undefined) return fits;
    }
    return undefined;
  }
}
