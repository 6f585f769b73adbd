/**
 * The AX extension vocabulary (`x-ax-*`): one table, whose `schema`s are the definitions of the AX
 * spec's `x-ax-extensions.schema.json` (a test keeps them equal), plus this package's own `x-ax-exempt`.
 * ax-extensions-valid checks every occurrence; the two operation flags below are checked on operations
 * by their own rules instead, so a wrong `x-ax-retryable` is reported once.
 */
import { isObject, type Operation } from '../document/document';
import { label, type Finding } from './rule-function';
import { nearest } from '../document/nearest';
import { describeValue } from '../document/values';
import { sayOf, type Said } from './messages';

/** The part of JSON Schema the AX definitions use. */
export interface AxSchema {
  type: 'boolean' | 'string' | 'integer' | 'number' | 'array' | 'object';
  pattern?: string;
  enum?: string[];
  items?: AxSchema;
  properties?: Record<string, AxSchema>;
}

interface Definition {
  /** Undefined for an extension whose content another rule checks. */
  schema?: AxSchema;
  /** The corrected shape, as YAML. */
  fix: string;
}

const BOOLEAN: AxSchema = { type: 'boolean' };
const STRING: AxSchema = { type: 'string' };
const SNAKE_CASE = '^[a-z][a-z0-9_]*$';
const SCREAMING_SNAKE = '^[A-Z][A-Z0-9_]*$';
/** Names for the patterns the AX definitions use, so that a message says "snake_case", not a regex. */
const PATTERN_NAMES: Record<string, string> = { [SNAKE_CASE]: 'snake_case', [SCREAMING_SNAKE]: 'SCREAMING_SNAKE' };

/** The AX spec's definitions, in its order. */
export const AX_DEFINITIONS: Readonly<Record<string, Definition & { schema: AxSchema }>> = {
  'x-ax-required-fields': { schema: { type: 'array', items: STRING }, fix: 'x-ax-required-fields: [amount, currency]' },
  'x-ax-capabilities': {
    schema: { type: 'array', items: { type: 'string', pattern: SNAKE_CASE } },
    fix: 'x-ax-capabilities: [create_payment, refund_payment]',
  },
  'x-ax-error-code': { schema: { type: 'string', pattern: SCREAMING_SNAKE }, fix: 'x-ax-error-code: PAYMENT_DECLINED' },
  'x-ax-error-suggestion': { schema: STRING, fix: 'x-ax-error-suggestion: Reduce amount to 10000 or less.' },
  'x-ax-retryable': { schema: BOOLEAN, fix: 'x-ax-retryable: false' },
  'x-ax-idempotent': { schema: BOOLEAN, fix: 'x-ax-idempotent: true' },
  'x-ax-sandboxable': { schema: BOOLEAN, fix: 'x-ax-sandboxable: true' },
  'x-ax-cost-estimate': {
    schema: { type: 'object', properties: { tokens: { type: 'integer' }, credits: { type: 'number' }, rate_limit_weight: { type: 'integer' } } },
    fix: 'x-ax-cost-estimate: { tokens: 1200, credits: 0.5, rate_limit_weight: 1 }',
  },
  'x-ax-logging-level': { schema: { type: 'string', enum: ['debug', 'info', 'warn', 'error'] }, fix: 'x-ax-logging-level: info' },
  'x-ax-category': { schema: STRING, fix: 'x-ax-category: payments' },
  'x-ax-deprecated-suggestion': { schema: STRING, fix: 'x-ax-deprecated-suggestion: Use POST /v2/payments instead.' },
};

/**
 * Every known `x-ax-` name: the AX spec's, and this package's own: `x-ax-exempt`, whose content
 * ax-exemption-reason checks, and `x-ax-read-only`, which marks a POST that only reads (lib/semantics/scope.ts).
 */
export const AX_EXTENSIONS: Readonly<Record<string, Definition>> = {
  ...AX_DEFINITIONS,
  'x-ax-exempt': { fix: 'x-ax-exempt: { <rule-id>: <reason> }' },
  'x-ax-read-only': { schema: BOOLEAN, fix: 'x-ax-read-only: true' },
};

/** Extensions that ax-recoverable-retryable and ax-recoverable-idempotent type-check where they sit on an operation. */
export const OPERATION_FLAGS: ReadonlySet<string> = new Set(['x-ax-retryable', 'x-ax-idempotent']);

/** True for a key in the AX namespace, whatever its case. */
export const isAxExtension = (key: string): boolean => key.length > 5 && key.slice(0, 5).toLowerCase() === 'x-ax-';

/** What a schema asks for, for messages: "a boolean", "a snake_case string", "one of `debug`, `info`". */
function expected(schema: AxSchema): string {
  if (schema.enum !== undefined) return `one of ${schema.enum.map(word => `\`${word}\``).join(', ')}`;
  if (schema.pattern !== undefined) return `a ${PATTERN_NAMES[schema.pattern] ?? `\`${schema.pattern}\``} string`;
  if (schema.type === 'array') return schema.items === undefined ? 'an array' : `an array of ${expected(schema.items).replace(/^an? (.*)$/, '$1s')}`;
  return schema.type === 'object' || schema.type === 'integer' ? `an ${schema.type}` : `a ${schema.type}`;
}

function fitsType(schema: AxSchema, value: unknown): boolean {
  switch (schema.type) {
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === schema.type;
  }
}

interface Mismatch {
  /** Where inside the value, as a suffix of the extension's name: "", "[0]", ".tokens". */
  at: string;
  schema: AxSchema;
  value: unknown;
  /** Set for a member that looks like a typo of a defined one. */
  meant?: string;
}

/**
 * The first place where a value breaks its definition. A member the definition does not name is allowed,
 * as in the AX schema, unless it is one edit or two from a defined member: then it is surely a typo.
 */
function mismatch(schema: AxSchema, value: unknown, at = ''): Mismatch | undefined {
  if (!fitsType(schema, value)) return { at, schema, value };
  if (typeof value === 'string' && schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return { at, schema, value };
  if (typeof value === 'string' && schema.enum !== undefined && !schema.enum.includes(value)) return { at, schema, value };
  if (Array.isArray(value) && schema.items !== undefined) {
    for (const [i, item] of value.entries()) {
      const found = mismatch(schema.items, item, `${at}[${i}]`);
      if (found !== undefined) return found;
    }
  }
  if (isObject(value) && schema.properties !== undefined) {
    for (const [member, memberValue] of Object.entries(value)) {
      const memberSchema = schema.properties[member];
      const meant = memberSchema === undefined ? nearest(member, Object.keys(schema.properties)) : undefined;
      if (meant !== undefined) return { at: `${at}.${member}`, schema, value: memberValue, meant };
      const found = memberSchema === undefined ? undefined : mismatch(memberSchema, memberValue, `${at}.${member}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const say = sayOf({
  unknownMember: '`{{key}}` has no member `{{member}}`; did you mean `{{meant}}`? Write it as `{{fix}}`.',
  wrongValue: '`{{key}}{{at}}` must be {{expected}}, but it is {{value}}. Write it as `{{fix}}`.',
} as const);

/** The sentence that reports a wrong value of a known extension, or undefined when the value fits. */
export function extensionProblem(key: string, value: unknown): Said | undefined {
  const definition = AX_EXTENSIONS[key];
  const found = definition?.schema === undefined ? undefined : mismatch(definition.schema, value);
  if (found === undefined) return undefined;
  const { fix } = definition;
  if (found.meant !== undefined) return say('unknownMember', { key, member: found.at.slice(1), meant: found.meant, fix });
  return say('wrongValue', { key, at: found.at, expected: expected(found.schema), value: describeValue(found.value), fix });
}

/** A wrong-typed flag on an operation, reported on the extension itself (shared by the retryable and idempotent rules). */
export function wrongFlag(operation: Operation, key: string): Finding | undefined {
  const problem = extensionProblem(key, operation.node[key]);
  return problem === undefined ? undefined : { said: problem, subject: label(operation), path: [...operation.location, key] };
}
