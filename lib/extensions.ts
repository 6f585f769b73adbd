/**
 * The AX extension vocabulary (`x-ax-*`) and the type each definition gives. ax-extensions-valid checks
 * every occurrence; the two operation flags below are checked on operations by their own rules instead,
 * so a wrong `x-ax-retryable` is reported once.
 */
import { isObject, type Operation } from './document';
import { label, type Finding } from './rule-function';
import { nearest } from './nearest';
import { describeValue } from './values';

interface Definition {
  /** What the value must be, for the message. */
  expected: string;
  /** The corrected shape, as YAML. */
  fix: string;
  /** What is wrong with a value, as a clause ("it is the string \"yes\""); undefined when it fits. */
  problem: (value: unknown) => string | undefined;
}

const it = (value: unknown) => `it is ${describeValue(value)}`;
const when = (fits: (value: unknown) => boolean) => (value: unknown) => (fits(value) ? undefined : it(value));
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const isAmount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const stringArray = (itemExpected: string, pattern?: RegExp) => (value: unknown) => {
  if (!Array.isArray(value)) return it(value);
  const bad = value.find(item => typeof item !== 'string' || (pattern !== undefined && !pattern.test(item)));
  return bad === undefined ? undefined : `its item ${describeValue(bad)} is not ${itemExpected}`;
};

const BOOLEAN = { expected: 'a boolean', problem: when(value => typeof value === 'boolean') };
const COST_MEMBERS: Record<string, [string, (value: unknown) => boolean]> = {
  tokens: ['a non-negative integer', isCount],
  credits: ['a non-negative number', isAmount],
  rate_limit_weight: ['a non-negative integer', isCount],
};

function costProblem(value: unknown): string | undefined {
  if (!isObject(value)) return it(value);
  for (const [member, memberValue] of Object.entries(value)) {
    const definition = COST_MEMBERS[member];
    if (definition === undefined) {
      const guess = nearest(member, Object.keys(COST_MEMBERS));
      return `it has an unknown member \`${member}\`${guess === undefined ? '' : ` (did you mean \`${guess}\`?)`}`;
    }
    if (!definition[1](memberValue)) return `its \`${member}\` is ${describeValue(memberValue)}, not ${definition[0]}`;
  }
  return undefined;
}

export const AX_EXTENSIONS: Readonly<Record<string, Definition>> = {
  'x-ax-retryable': { ...BOOLEAN, fix: 'x-ax-retryable: false' },
  'x-ax-idempotent': { ...BOOLEAN, fix: 'x-ax-idempotent: true' },
  'x-ax-sandboxable': { ...BOOLEAN, fix: 'x-ax-sandboxable: true' },
  'x-ax-error-code': {
    expected: 'a SCREAMING_SNAKE string',
    fix: 'x-ax-error-code: PAYMENT_DECLINED',
    problem: when(value => typeof value === 'string' && /^[A-Z][A-Z0-9_]*$/.test(value)),
  },
  'x-ax-error-suggestion': {
    expected: 'a non-empty string',
    fix: 'x-ax-error-suggestion: Reduce amount to 10000 or less.',
    problem: when(value => typeof value === 'string' && value.trim() !== ''),
  },
  'x-ax-capabilities': {
    expected: 'an array of snake_case strings',
    fix: 'x-ax-capabilities: [create_payment, refund_payment]',
    problem: stringArray('snake_case', /^[a-z][a-z0-9_]*$/),
  },
  'x-ax-required-fields': { expected: 'an array of strings', fix: 'x-ax-required-fields: [amount, currency]', problem: stringArray('a string') },
  'x-ax-logging-level': {
    expected: 'one of `debug`, `info`, `warn`, `error`',
    fix: 'x-ax-logging-level: info',
    problem: when(value => typeof value === 'string' && ['debug', 'info', 'warn', 'error'].includes(value)),
  },
  'x-ax-cost-estimate': {
    expected: 'an object of `tokens` (integer), `credits` (number) and `rate_limit_weight` (integer)',
    fix: 'x-ax-cost-estimate: { tokens: 1200, credits: 0.5, rate_limit_weight: 1 }',
    problem: costProblem,
  },
  // Known, but its content is checked by ax-exemption-reason.
  'x-ax-exempt': { expected: 'a map of rule ids to reasons', fix: 'x-ax-exempt: { <rule-id>: <reason> }', problem: () => undefined },
};

/** Extensions that ax-recoverable-retryable and ax-recoverable-idempotent type-check where they sit on an operation. */
export const OPERATION_FLAGS: ReadonlySet<string> = new Set(['x-ax-retryable', 'x-ax-idempotent']);

/** True for a key in the AX namespace, whatever its case. */
export const isAxExtension = (key: string): boolean => key.length > 5 && key.slice(0, 5).toLowerCase() === 'x-ax-';

/** The sentence that reports a wrong value of a known extension, or undefined when the value fits. */
export function extensionProblem(key: string, value: unknown): string | undefined {
  const definition = AX_EXTENSIONS[key];
  const problem = definition?.problem(value);
  if (definition === undefined || problem === undefined) return undefined;
  return `\`${key}\` must be ${definition.expected}, but ${problem}. Write it as \`${definition.fix}\`.`;
}

/** The sentence that reports an unknown `x-ax-` name, with the nearest known one when it looks like a typo. */
export function unknownExtension(key: string): string {
  const guess = nearest(key, Object.keys(AX_EXTENSIONS));
  return guess === undefined
    ? `\`${key}\` is not an AX extension (known: ${Object.keys(AX_EXTENSIONS).map(name => `\`${name}\``).join(', ')}). Rename it, or drop the \`x-ax-\` prefix for a private extension.`
    : `\`${key}\`: did you mean \`${guess}\`? Rename it so that agents and tools read it.`;
}

/** A wrong-typed flag on an operation, reported on the extension itself (shared by the retryable and idempotent rules). */
export function wrongFlag(operation: Operation, key: string): Finding | undefined {
  const problem = extensionProblem(key, operation.node[key]);
  return problem === undefined ? undefined : { message: `${label(operation)}: ${problem}`, path: [...operation.location, key] };
}
