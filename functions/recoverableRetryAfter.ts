import { child, headerNamed } from '../lib/document';
import { describeViews, errorProperty, errorSchemasOf } from '../lib/error-bodies';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { label, placeIn, ruleFunction, type Finding } from '../lib/rule-function';

type Options = NameOptions<'retryAfterHeader' | 'retryDelay'>;

// Rate limited and temporarily unavailable: the two statuses whose fix is "wait, then retry unchanged".
const WAIT_STATUSES = new Set(['429', '503']);

/** ax-recoverable-retry-after: every 429 and 503 says how long to wait before retrying (seeds 003, 004). */
export default ruleFunction<Options>('recoverableRetryAfter', nameOptionsSchema('retryAfterHeader', 'retryDelay'), ({ doc, options, operations }) => {
  const headerNames = namesFor(options, 'retryAfterHeader');
  const delayNames = namesFor(options, 'retryDelay');
  const addHeader = `Add a \`${headerNames[0]}\` header (integer seconds) under the response's \`headers\``;
  const findings: Finding[] = [];

  for (const operation of operations) {
    for (const response of doc.responses(operation).filter(entry => WAIT_STATUSES.has(entry.status))) {
      const headers = doc.headers(response);
      if (headerNamed(headers, headerNames) !== undefined) continue;
      // Not a skip: a response without `headers` is exactly the one that forgot Retry-After.
      const noHeader = headers === undefined ? 'declares no headers' : `declares no \`${headerNames[0]}\` header`;
      const { schemas, unreadable } = errorSchemasOf(doc, operation, response);
      if (unreadable) continue; // the body might carry the delay; say nothing rather than guess
      if (schemas.length === 0) {
        findings.push({
          message: `${label(operation, response)}: the response ${noHeader}, so an agent cannot tell how long to wait before retrying. ${addHeader}.`,
          path: headers === undefined ? response.at : placeIn(response, child(response.location, 'headers')),
        });
        continue;
      }
      const problem = {
        what: 'has no retry delay',
        fix: `The response ${noHeader} either. ${addHeader}, or add a \`${delayNames[0]}\` (integer) to the error schema, so that an agent waits long enough instead of retrying at once.`,
      };
      for (const target of schemas) findings.push(...describeViews(target, view => (errorProperty(doc, view, delayNames) === undefined ? problem : undefined)));
    }
  }
  return findings;
});
