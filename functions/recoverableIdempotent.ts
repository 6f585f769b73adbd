import { type OpenApiDocument, type Operation } from '../lib/document';
import { wrongFlag } from '../lib/extensions';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { label, ruleFunction, type Finding } from '../lib/rule-function';

type Options = NameOptions<'idempotencyKeyHeader'>;

const FLAG = 'x-ax-idempotent';
const MUST_DECLARE = new Set(['put', 'delete']);

function missing(doc: OpenApiDocument, operation: Operation, names: readonly string[]): string | undefined {
  if (MUST_DECLARE.has(operation.method)) {
    return `no \`${FLAG}\`, so an agent cannot tell if the same request twice acts as once. Add \`${FLAG}: true\` to the operation if it does (as ${operation.method.toUpperCase()} should), else \`${FLAG}: false\`.`;
  }
  const header = operation.method === 'post' ? doc.headerParameter(operation, names) : undefined;
  return header === undefined
    ? undefined
    : `takes an \`${header}\` header but has no \`${FLAG}\`, so an agent cannot tell a retry with the same key is safe. Add \`${FLAG}: true\` to the operation.`;
}

/** ax-recoverable-idempotent: every put and delete says whether it is idempotent (R4), and so does a post that takes an idempotency key. */
export default ruleFunction<Options>('recoverableIdempotent', nameOptionsSchema('idempotencyKeyHeader'), ({ doc, options, operations }) => {
  const names = namesFor(options, 'idempotencyKeyHeader');
  const findings: Finding[] = [];
  for (const operation of operations) {
    if (operation.node[FLAG] !== undefined) {
      const wrong = wrongFlag(operation, FLAG);
      if (wrong !== undefined) findings.push(wrong);
      continue;
    }
    const what = missing(doc, operation, names);
    if (what !== undefined) findings.push({ message: `${label(operation)}: ${what}`, path: operation.location });
  }
  return findings;
});
