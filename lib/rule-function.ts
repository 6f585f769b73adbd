/**
 * The frame every rule function runs in: the shared document model, the rule's options, the
 * operations not exempted from it, placement of results, and a guarantee never to throw
 * (a throwing function aborts the whole Spectral run).
 */
import { createRulesetFunction, type IFunctionResult, type RulesetFunctionContext } from '@stoplight/spectral-core';
import { isObject, OpenApiDocument, startsWith, type JsonObject, type JsonPath, type Operation, type Response } from './document';
import type { Edit } from './edits';
import { calledByApi } from './scope';
import { originOf } from './code-origin';

export interface Finding {
  message: string;
  path: JsonPath;
  /** The fix as edits of the user's file (lib/edits.ts); none when a person must decide. */
  edits?: Edit[];
}

export interface RuleScope<O> {
  doc: OpenApiDocument;
  options: O;
  ruleId: string;
  /** The operations this rule checks: every one the agent calls (not a webhook) without an `x-ax-exempt` entry naming the rule. */
  operations: Operation[];
}

type OptionsSchema = Parameters<typeof createRulesetFunction>[0]['options'];

export const EXEMPT_EXTENSION = 'x-ax-exempt';

/** The `x-ax-exempt` entry naming `ruleId` on one object (an operation, a path item, any node), if it has one. */
export function exemptionOn(node: JsonObject, ruleId: string): { reason: unknown } | undefined {
  const entries = node[EXEMPT_EXTENSION];
  return isObject(entries) && Object.prototype.hasOwnProperty.call(entries, ruleId) ? { reason: entries[ruleId] } : undefined;
}

/** The reason an exemption gives (the operation's entry wins over its path item's); undefined when not exempt. */
export function exemptionReason(operation: Operation, ruleId: string): string | undefined {
  const entry = exemptionOn(operation.node, ruleId) ?? exemptionOn(operation.pathItem, ruleId);
  if (entry === undefined) return undefined;
  return typeof entry.reason === 'string' ? entry.reason : JSON.stringify(entry.reason);
}

/** True when the operation or its path item carries `x-ax-exempt: { <ruleId>: … }`, whatever the reason says. */
export function isExempt(operation: Operation, ruleId: string): boolean {
  return exemptionReason(operation, ruleId) !== undefined;
}

/**
 * Builds a Spectral function from a check. `optionProperties` is the JSON Schema of each option;
 * options are always optional, so a rule works without `functionOptions`.
 */
export function ruleFunction<O extends object>(name: string, optionProperties: Record<string, unknown>, check: (scope: RuleScope<O>) => Finding[]) {
  const findings = (doc: OpenApiDocument, options: O | null, ruleId: string): Finding[] => {
    const operations = doc.operations().filter(operation => !isExempt(operation, ruleId) && !calledByApi(doc, operation));
    return distinct(check({ doc, options: options ?? ({} as O), ruleId, operations }));
  };
  const run = (_input: unknown, options: O | null, context: RulesetFunctionContext): IFunctionResult[] => {
    // These exist at run time but are missing from (or hidden in) Spectral's public types.
    const ruleId = (context.rule as { name?: string }).name ?? name;
    try {
      const resolved = (context.documentInventory as { resolved?: unknown }).resolved;
      const text = (context.document as unknown as { input?: unknown }).input;
      const doc = OpenApiDocument.of(context.document.data, resolved, typeof text === 'string' ? text : undefined);
      return findings(doc, options, ruleId).map(({ message, path }) => ({ message, path }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const origin = originOf(error);
      return [
        {
          message: `spectral-agent-ux could not finish ${ruleId} on this document (${reason}${origin === undefined ? '' : `, at ${origin}`}); please report this with the document.`,
          path: [],
        },
      ];
    }
  };
  Reflect.defineProperty(run, 'name', { value: name });
  const built = createRulesetFunction<unknown, O>(
    {
      input: null,
      options: { type: ['object', 'null'], properties: optionProperties, additionalProperties: false } as OptionsSchema,
    },
    run,
  );
  checks.set(built, findings as RegisteredCheck);
  return built;
}

type RegisteredCheck = (doc: OpenApiDocument, options: unknown, ruleId: string) => Finding[];
/** Each rule's check by the Spectral function built from it, for `fix`: the same findings, with their edits. */
const checks = new WeakMap<object, RegisteredCheck>();

/** The findings, edits included, of the rule whose Spectral function is `fn`; undefined for a function of another package. */
export function findingsWithEdits(fn: unknown, doc: OpenApiDocument, options: unknown, ruleId: string): Finding[] | undefined {
  return typeof fn === 'function' ? checks.get(fn)?.(doc, options, ruleId) : undefined;
}

/** A `$ref`'d response offering one schema under several media types yields the same finding twice at its entry; keep one. */
function distinct(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter(finding => {
    const key = JSON.stringify([finding.path, finding.message]);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** "POST /payments 400", the prefix of every per-response message. */
export function label(operation: Operation, response?: Response): string {
  const method = operation.method.toUpperCase();
  return response === undefined ? `${method} ${operation.path}` : `${method} ${operation.path} ${response.status}`;
}

/**
 * The clause that ends a fix which makes the description promise what the server may not send yet (a
 * required member, a new error body): serializers generated from the description enforce the promise, so
 * the code must change with it. `mustThenSend('it')` is "; your handler must then send it".
 */
export const mustThenSend = (what: string, handler: 'handler' | 'error handler' = 'handler'): string => `; your ${handler} must then send ${what}`;

/**
 * Where a diagnostic about a response lands: the most precise place that is still inside the
 * operation's own response (an inline schema or property), else the `responses.<status>` entry itself,
 * so that each operation sharing a component gets its own diagnostic, exemptable on its own.
 */
export function placeIn(response: Response, ...candidates: (JsonPath | undefined)[]): JsonPath {
  for (const candidate of candidates) {
    if (candidate !== undefined && startsWith(candidate, response.at)) return candidate;
  }
  return response.at;
}
