/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { isObject, type Operation } from '../lib/document/document';
import { errorFieldValues, fieldName, isExampleValue, type FieldValue } from '../lib/errors/error-values';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { label, placeIn, type Finding } from '../lib/findings/rule-function';
import { describeValue } from '../lib/document/values';
import type { Said, Say as SayOf } from '../lib/findings/messages';
import { declaring } from './applicability';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'errorCode'>;

const CATALOG = 'x-agent-error-codes';
const DATE = /^\d{4}-\d{2}-\d{2}/;
const DEPRECATED_SHAPE = '{ code: OLD_CODE, deprecated: true, replacement: NEW_CODE, removal: 2027-06-30 }';

const MESSAGES = {
  catalogEntry: '`{{catalog}}` {{what}}',
  notACode: 'entry {{number}} is {{value}}, not a code. Write a code string, or {{shape}} for a deprecated one.',
  incompleteDeprecation: 'marks {{code}} deprecated without {{missing}}. Write it as {{shape}}.',
  replacementCode: 'the replacement code',
  removalDate: 'the removal date (YYYY-MM-DD)',
  notAList: '`{{catalog}}` is {{value}}, not a list. Write it as a list of the codes the operation can return, e.g. `[VALIDATION_ERROR, RATE_LIMIT_EXCEEDED]`.',
  uncataloguedCode: "{{field}} {{code}} is not in `{{catalog}}`. Add it to the operation's `{{catalog}}`.",
} as const;
type Say = SayOf<typeof MESSAGES>;

/** The codes a catalog lists, and what is wrong with its entries: a code is a string, or an object with a string `code`. */
function readCatalog(say: Say, operation: Operation, entries: unknown[]): { codes: Set<string>; findings: Finding[] } {
  const codes = new Set<string>();
  const findings: Finding[] = [];
  const report = (i: number, what: Said) =>
    findings.push({ said: say('catalogEntry', { catalog: CATALOG, what }), subject: label(operation), path: [...operation.location, CATALOG, i] });
  for (const [i, entry] of entries.entries()) {
    const code = typeof entry === 'string' ? entry : isObject(entry) && typeof entry.code === 'string' ? entry.code : undefined;
    if (code === undefined) {
      report(i, say('notACode', { number: i + 1, value: describeValue(entry), shape: DEPRECATED_SHAPE }));
      continue;
    }
    codes.add(code);
    if (!isObject(entry) || entry.deprecated !== true) continue;
    const missing = [
      typeof entry.replacement === 'string' && entry.replacement !== '' ? undefined : say('replacementCode'),
      typeof entry.removal === 'string' && DATE.test(entry.removal) ? undefined : say('removalDate'),
    ].filter(Boolean);
    if (missing.length > 0) {
      report(
        i,
        say('incompleteDeprecation', { code: JSON.stringify(code), missing: missing.join(' and '), shape: DEPRECATED_SHAPE.replace('OLD_CODE', code) }),
      );
    }
  }
  return { codes, findings };
}

/**
 * The codes an operation's error examples show: per response example, its first error-code member in the
 * order of the names (`code` before `type`); per error schema, the examples of the code property.
 */
function exampleCodes(values: FieldValue[], names: readonly string[]): FieldValue[] {
  const firstPerExample = new Map<string, FieldValue>();
  for (const value of values.filter(value => isExampleValue(value) && typeof value.value === 'string')) {
    if (value.source === 'schema') {
      if (value.primary) firstPerExample.set(JSON.stringify([value.response.status, value.location]), value);
      continue;
    }
    const key = JSON.stringify([value.response.status, value.within ?? value.holder]);
    const known = firstPerExample.get(key);
    if (known === undefined || names.indexOf(value.name) < names.indexOf(known.name)) firstPerExample.set(key, value);
  }
  return [...firstPerExample.values()];
}

/** ax-recoverable-error-catalog: an operation's `x-agent-error-codes` lists every code its error examples use, and deprecations are complete. */
export default defineRule({
  id: 'ax-recoverable-error-catalog',
  description: "An operation's `x-agent-error-codes` lists every code its error examples use; deprecated codes name replacement and removal date.",
  severity: 'warn',
  recommended: false,
  principle: {
    label: 'error catalog',
    scope: 'operations that list `x-agent-error-codes`',
    fixSite: 'operation',
    fix: 'list every error code the examples use in `x-agent-error-codes`',
  },
  scope: { operations: declaring('x-agent-error-codes') },
  options: ruleOptions<Options>(nameOptionsSchema('errorCode')),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say }) => {
    const names = namesFor(options, 'errorCode');
    const findings: Finding[] = [];
    for (const operation of operations.filter(operation => operation.node[CATALOG] !== undefined)) {
      const entries = operation.node[CATALOG];
      if (!Array.isArray(entries)) {
        findings.push({
          said: say('notAList', { catalog: CATALOG, value: describeValue(entries) }),
          subject: label(operation),
          path: [...operation.location, CATALOG],
        });
        continue;
      }
      const catalog = readCatalog(say, operation, entries);
      findings.push(...catalog.findings);
      for (const code of exampleCodes(errorFieldValues(doc, [operation], names, options), names)) {
        if (catalog.codes.has(code.value as string)) continue;
        const text = say('uncataloguedCode', { field: fieldName(code), code: JSON.stringify(code.value), catalog: CATALOG });
        findings.push({ said: text, subject: label(operation, code.response), path: placeIn(code.response, code.location, code.within) });
      }
    }
    return findings;
  },
});
