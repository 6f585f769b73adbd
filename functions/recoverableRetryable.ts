import { wrongFlag } from '../lib/extensions';
import { nameOptionsSchema, type NameOptions } from '../lib/names';
import { label, ruleFunction, type Finding } from '../lib/rule-function';
import { asksRetryable, idempotencyKeyOf, readsOnly, RETRYABLE_FLAG as FLAG } from '../lib/scope';

type Options = NameOptions<'idempotencyKeyHeader'> & { readOnly?: string[] };

/** ax-recoverable-retryable: every mutation says whether repeating it is safe (R3); the flag is a boolean wherever an operation carries it. */
export default ruleFunction<Options>(
  'recoverableRetryable',
  { ...nameOptionsSchema('idempotencyKeyHeader'), readOnly: { type: 'array', items: { type: 'string', minLength: 1 } } },
  ({ doc, options, operations }) => {
    const findings: Finding[] = [];
    for (const operation of operations.filter(asksRetryable)) {
      if (operation.node[FLAG] !== undefined) {
        const wrong = wrongFlag(operation, FLAG);
        if (wrong !== undefined) findings.push(wrong);
        continue;
      }
      const key = idempotencyKeyOf(doc, operation, options);
      // A query sent as a POST, or a POST deduplicated by its key, is safe to repeat: the advice says so, as ax-recoverable-idempotent's does.
      const fix = readsOnly(doc, operation, options)
        ? `Add \`${FLAG}: true\` to the operation: it only reads, so a repeat is safe.`
        : key !== undefined
          ? `Add \`${FLAG}: true\` to the operation: a retry with the same \`${key}\` acts once.`
          : `Add \`${FLAG}: false\` to the operation (\`true\` if a repeat cannot create a duplicate or a second effect).`;
      findings.push({ message: `${label(operation)}: no \`${FLAG}\`, so an agent cannot tell if retrying a failed call is safe. ${fix}`, path: operation.location });
    }
    return findings;
  },
);
