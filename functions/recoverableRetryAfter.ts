import { child, headerNamed } from '../lib/document';
import { errorProperty, errorSchemasOf, type ErrorSchema } from '../lib/error-bodies';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { label, placeIn, ruleFunction, type Finding } from '../lib/rule-function';

type Options = NameOptions<'retryAfterHeader' | 'retryDelay'>;

// Rate limited and temporarily unavailable: the two statuses whose fix is "wait, then retry unchanged".
const WAIT_STATUSES = new Set(['429', '503']);

/** "the error schema has", "the error schema, in 1 of its 2 oneOf/anyOf shapes, has", "2 of its JSON error schemas have". */
function withoutDelay(lacking: { target: ErrorSchema; count: number }[]): string {
  if (lacking.length > 1) return `${lacking.length} of its JSON error schemas have`;
  const [{ target, count }] = lacking;
  return count < target.views.length ? `${target.name}, in ${count} of its ${target.views.length} oneOf/anyOf shapes, has` : `${target.name} has`;
}

/** ax-recoverable-retry-after: every 429 and 503 says how long to wait before retrying (one finding per response, whatever its media types). */
export default ruleFunction<Options>('recoverableRetryAfter', nameOptionsSchema('retryAfterHeader', 'retryDelay'), ({ doc, options, operations }) => {
  const headerNames = namesFor(options, 'retryAfterHeader');
  const delayNames = namesFor(options, 'retryDelay');
  const addHeader = `Add a \`${headerNames[0]}\` header (integer seconds)`;
  const findings: Finding[] = [];

  for (const operation of operations) {
    for (const response of doc.responses(operation).filter(entry => WAIT_STATUSES.has(entry.status))) {
      const headers = doc.headers(response);
      if (headerNamed(headers, headerNames) !== undefined) continue;
      // Not a skip: a response without `headers` is exactly the one that forgot Retry-After.
      const noHeader = `no \`${headerNames[0]}\` header`;
      const { schemas, unreadable } = errorSchemasOf(doc, operation, response);
      if (unreadable) continue; // the body might carry the delay; say nothing rather than guess
      if (schemas.length === 0) {
        findings.push({
          message: `${label(operation, response)}: ${noHeader}, so an agent cannot tell how long to wait. ${addHeader} under its \`headers\`.`,
          path: headers === undefined ? response.at : placeIn(response, child(response.location, 'headers')),
        });
        continue;
      }
      const lacking = schemas
        .map(target => ({ target, count: target.views.filter(view => errorProperty(doc, view, delayNames) === undefined).length }))
        .filter(({ count }) => count > 0);
      if (lacking.length === 0) continue;
      findings.push({
        message: `${label(operation, response)}: ${noHeader}, and ${withoutDelay(lacking)} no retry delay. ${addHeader} or a \`${delayNames[0]}\` (integer) property.`,
        path: placeIn(response, lacking.length === 1 ? lacking[0].target.schema.location : undefined),
      });
    }
  }
  return findings;
});
