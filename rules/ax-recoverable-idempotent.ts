/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { type OpenApiDocument, type Operation } from '../lib/document/document';
import { operationEdit } from '../lib/findings/edits';
import { wrongFlag } from '../lib/findings/extensions';
import { nameOptionsSchema, type NameOptions } from '../lib/semantics/names';
import { label, type Finding } from '../lib/findings/rule-function';
import type { Said, Say } from '../lib/findings/messages';
import { asksIdempotent, idempotencyKeyOf, IDEMPOTENT_FLAG as FLAG, RETRYABLE_FLAG } from '../lib/semantics/scope';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'idempotencyKeyHeader'>;

const MESSAGES = {
  noFlag:
    'no `{{flag}}`, so an agent cannot tell if the same request twice acts as once. Add `{{flag}}: true` to the operation if it does (as {{method}} should), else `{{flag}}: false`.',
  keyWithoutFlag:
    'takes an `{{key}}` {{where}} but has no `{{flag}}`, so an agent cannot tell a retry with the same key is safe. Add `{{flag}}: true` to the operation{{retryable}}.',
  inHeader: 'header',
  inBody: 'in its body',
  alsoRetryable: ', and set `{{flag}}: true`',
} as const;

function missing(say: Say<typeof MESSAGES>, doc: OpenApiDocument, operation: Operation, options: Options): Said {
  const key = idempotencyKeyOf(doc, operation, options);
  if (key === undefined) return say('noFlag', { flag: FLAG, method: operation.method.toUpperCase() });
  // Never `x-ax-retryable: false` beside "add `x-ax-idempotent: true`": a retry with the same key is then safe.
  const retryable = operation.node[RETRYABLE_FLAG] === false ? say('alsoRetryable', { flag: RETRYABLE_FLAG }) : '';
  return say('keyWithoutFlag', { key: key.name, where: key.in === 'header' ? say('inHeader') : say('inBody'), flag: FLAG, retryable });
}

/** ax-recoverable-idempotent: every put and delete says whether it is idempotent (R4), and so does a post that takes an idempotency key. */
export default defineRule({
  id: 'ax-recoverable-idempotent',
  description: 'Every put and delete (and a post taking an Idempotency-Key) declares `x-ax-idempotent`, a boolean.',
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'idempotency',
    scope: 'PUT and DELETE, a POST that takes an `Idempotency-Key` header, and operations that declare `x-ax-idempotent`',
    fixSite: 'operation',
    fix: 'declare `x-ax-idempotent: true|false`',
  },
  scope: { operations: asksIdempotent },
  options: ruleOptions<Options>(nameOptionsSchema('idempotencyKeyHeader')),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say }) => {
    const findings: Finding[] = [];
    for (const operation of operations.filter(operation => asksIdempotent(doc, operation, options))) {
      if (operation.node[FLAG] !== undefined) {
        const wrong = wrongFlag(operation, FLAG);
        if (wrong !== undefined) findings.push(wrong);
        continue;
      }
      // RFC 9110 makes PUT and DELETE idempotent, and a key makes a POST so: the edit declares `true`, as the message advises.
      const edits = () => [
        operationEdit(operation, { [FLAG]: true }),
        ...(operation.node[RETRYABLE_FLAG] === false && idempotencyKeyOf(doc, operation, options) !== undefined
          ? [operationEdit(operation, { [RETRYABLE_FLAG]: true })]
          : []),
      ];
      findings.push({ said: missing(say, doc, operation, options), subject: label(operation), path: operation.location, edits });
    }
    return findings;
  },
});
