/**
 * Lint with the whole package (`all`) through real Spectral while watching each rule function from the
 * outside: its raw results (Spectral moves a path that does not exist to its nearest parent, which would
 * hide a misplaced result) and the time spent inside it. Used by the corpus and robustness tests.
 */
import { Document, Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import ruleset from '../../ruleset';

export type Path = (string | number)[];

export interface RawResult {
  ruleId: string;
  path: Path | undefined;
  message: string;
}

/** The wrapper's message when a function failed internally (lib/findings/rule-function.ts). */
export const COULD_NOT_FINISH = 'spectral-agent-ux could not finish';
export const OUR_CODES: ReadonlySet<string> = new Set(Object.keys(ruleset.rules));

/**
 * A description Spectral corrupts before the rules see it: its JSON parser turns the `__proto__` key into
 * a prototype and its resolver leaves revoked proxies in the document; every rule that meets one reports
 * "could not finish" instead of aborting the run.
 */
export const REVOKED_PROXIES_JSON =
  '{"openapi":"3.0.3","info":{"title":"R","version":"1"},"paths":{"/a":{"post":{"responses":{"default":{"description":"Unexpected error","content":{"application/json":{"schema":{"$ref":"#/components/schemas/A"}}}},"__proto__":{"description":"bad"}}}}},"components":{"schemas":{"A":{"allOf":[{"$ref":"#/components/schemas/B"}]},"B":{"oneOf":[{"$ref":"#/components/schemas/A"}]}}}}';

export class ObservedLinter {
  readonly spectral = new Spectral();
  raw: RawResult[] = [];
  readonly ruleMs = new Map<string, number>();

  constructor() {
    this.spectral.setRuleset({ extends: [[ruleset as RulesetDefinition, 'all']] });
    for (const [ruleId, rule] of Object.entries(this.spectral.ruleset!.rules)) {
      for (const then of rule.then) {
        const fn = then.function;
        const observed = (...args: Parameters<typeof fn>) => {
          const started = performance.now();
          const results = fn(...args);
          this.ruleMs.set(ruleId, (this.ruleMs.get(ruleId) ?? 0) + performance.now() - started);
          if (Array.isArray(results)) for (const { path, message } of results) this.raw.push({ ruleId, path, message });
          return results;
        };
        Reflect.defineProperty(observed, 'name', { value: fn.name });
        then.function = observed as typeof fn;
      }
    }
  }

  /** Lints one document; `raw` then holds what the rule functions returned for it. Rejects if a function throws. */
  async lint(document: Document): Promise<ISpectralDiagnostic[]> {
    this.raw = [];
    return this.spectral.run(document);
  }
}

/**
 * Calls every rule function of the package the way Spectral does (`given: '$'`, `resolved: false`), without
 * Spectral: on a document given as data, for many more variants per second than a full lint. A throw
 * here is what would abort a Spectral run.
 */
export function lintDirectly(data: unknown): RawResult[] {
  const raw: RawResult[] = [];
  const document = { data };
  for (const [ruleId, rule] of Object.entries(ruleset.rules)) {
    const { function: fn, functionOptions } = rule.then as { function: RuleFunction; functionOptions?: unknown };
    const context = { document, documentInventory: { resolved: data }, rule: { name: ruleId }, path: [] };
    const results = fn(data, functionOptions ?? null, context);
    if (Array.isArray(results)) for (const { path, message } of results) raw.push({ ruleId, path, message });
  }
  return raw;
}
type RuleFunction = (input: unknown, options: unknown, context: unknown) => { path?: Path; message: string }[] | void;

export function parse(text: string, source: string): Document {
  const parser = source.endsWith('.json') ? Parsers.Json : Parsers.Yaml;
  return new Document(text, parser as typeof Parsers.Yaml, source) as unknown as Document;
}

/** The value at a path of the document as written; undefined when the path does not exist. */
export function valueAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment as string];
  }
  return node;
}

/** Raw results whose path is missing or does not exist in the document as written. */
export function misplaced(raw: RawResult[], data: unknown): string[] {
  return raw
    .filter(result => result.path === undefined || valueAt(data, result.path) === undefined)
    .map(result => `${result.ruleId} at ${JSON.stringify(result.path)}: ${result.message}`);
}
