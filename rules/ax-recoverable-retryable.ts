/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import type { OpenApiDocument, Operation } from '../lib/document/document';
import { operationEdit } from '../lib/findings/edits';
import { wrongFlag } from '../lib/findings/extensions';
import { nameOptionsSchema, type NameOptions } from '../lib/semantics/names';
import { label, type Finding } from '../lib/findings/rule-function';
import type { Said, Say } from '../lib/findings/messages';
import { asksRetryable, idempotencyKeyOf, overruledWording, readEvidence, readWording, RETRYABLE_FLAG as FLAG } from '../lib/semantics/scope';
import { retryableAsked } from './applicability';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'idempotencyKeyHeader'> & { readOnly?: string[] };

const MESSAGES = {
  noFlag: 'no `{{flag}}`, so an agent cannot tell if retrying a failed call is safe. Add `{{flag}}: {{value}}` to the operation{{why}}',
  onlyReads: ': {{read}} it only reads, so a repeat is safe.',
  keyedRetry: ': a retry with the same `{{key}}` acts once.',
  idempotentMethod: ': {{method}} is idempotent (RFC 9110), so a repeat acts once.',
  unlessSafe: ' (`true` if a repeat cannot create a duplicate or a second effect).',
  overruledUnlessSafe: ' ({{overruled}}; `true` if a repeat cannot create a duplicate or a second effect).',
} as const;

/**
 * The value the operation's own declarations justify, and why: a query sent as a POST, a POST
 * deduplicated by its key and the methods RFC 9110 defines as idempotent are safe to repeat (the same
 * advice ax-recoverable-idempotent gives); any other mutation is not, until its owner says otherwise.
 */
function advice(say: Say<typeof MESSAGES>, doc: OpenApiDocument, operation: Operation, options: Options): { value: boolean; why: Said } {
  const read = readEvidence(doc, operation, options);
  if (read !== undefined && read.against === undefined) return { value: true, why: say('onlyReads', { read: readWording(read) }) };
  const key = idempotencyKeyOf(doc, operation, options);
  if (key !== undefined) return { value: true, why: say('keyedRetry', { key: key.name }) };
  if (operation.method === 'put' || operation.method === 'delete')
    return { value: true, why: say('idempotentMethod', { method: operation.method.toUpperCase() }) };
  // A read-like name overruled by the operation's own declarations: say why it is taken for a change.
  const overruled = read === undefined ? undefined : overruledWording(read);
  return { value: false, why: overruled === undefined ? say('unlessSafe') : say('overruledUnlessSafe', { overruled }) };
}

/** ax-recoverable-retryable: every mutation says whether repeating it is safe (R3); the flag is a boolean wherever an operation carries it. */
export default defineRule({
  id: 'ax-recoverable-retryable',
  description: 'Every mutation declares `x-ax-retryable`, a boolean: is repeating a failed call safe?',
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'retry semantics',
    scope: 'mutations (POST, PUT, PATCH, DELETE) and operations that declare `x-ax-retryable`',
    fixSite: 'operation',
    fix: 'declare `x-ax-retryable: true|false`',
  },
  scope: { operations: retryableAsked },
  options: ruleOptions<Options>({ ...nameOptionsSchema('idempotencyKeyHeader'), readOnly: { type: 'array', items: { type: 'string', minLength: 1 } } }),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say }) => {
    const findings: Finding[] = [];
    for (const operation of operations.filter(asksRetryable)) {
      if (operation.node[FLAG] !== undefined) {
        const wrong = wrongFlag(operation, FLAG);
        if (wrong !== undefined) findings.push(wrong);
        continue;
      }
      const { value, why } = advice(say, doc, operation, options);
      findings.push({
        said: say('noFlag', { flag: FLAG, value: String(value), why }),
        subject: label(operation),
        path: operation.location,
        edits: () => [operationEdit(operation, { [FLAG]: value })],
      });
    }
    return findings;
  },
});
