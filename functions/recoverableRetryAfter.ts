import { child, errorBodies, headerNamed, isJsonMediaType, type OpenApiDocument, type Operation, type Response } from '../lib/document/document';
import { headerEdit } from '../lib/rules/edits';
import { errorSchemasOf, type ErrorSchema } from '../lib/errors/error-bodies';
import { schemaAnswer, schemaLikely } from '../lib/errors/error-shapes';
import { retryableWithoutDelay } from '../lib/errors/error-values';
import { askAbout, newMemberName } from '../lib/errors/error-wording';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/rules/names';
import { oneEdit, ruleFunction, type Finding, responseFinding } from '../lib/rules/rule-function';
import { RESPONSES } from '../lib/rules/scope';

type Options = NameOptions<'retryAfterHeader' | 'retryDelay' | 'retryFlag' | 'errorList'>;

/** "the error schema has", "the error schema, in 1 of its 2 oneOf/anyOf shapes, has", "2 of its JSON error schemas have". */
function withoutDelay(lacking: { target: ErrorSchema; count: number }[]): string {
  if (lacking.length > 1) return `${lacking.length} of its JSON error schemas have`;
  const [{ target, count }] = lacking;
  return count < target.views.length ? `${target.name}, in ${count} of its ${target.views.length} oneOf/anyOf shapes, has` : `${target.name} has`;
}

/**
 * An error example that tells the agent `retryable: true` but not how long to wait, on a response without a
 * delay header: Geodocs' "Agent Error Handling Documentation Specification" calls such an error malformed.
 */
function retryableExamples(doc: OpenApiDocument, operations: Operation[], options: Options, reported: Set<Response>): Finding[] {
  const names = { delay: namesFor(options, 'retryDelay'), header: namesFor(options, 'retryAfterHeader') };
  const findings: Finding[] = [];
  for (const { operation, response, body } of errorBodies(doc, operations)) {
    if (reported.has(response) || !isJsonMediaType(body.mediaType) || headerNamed(doc.headers(response), names.header) !== undefined) continue;
    for (const example of body.examples) {
      for (const flag of retryableWithoutDelay(example, options)) {
        findings.push(
          responseFinding(
            operation,
            response,
            `the error example says \`${flag.name}: true\` but gives no retry delay. Add a \`${names.delay[0]}\` to the example, or a \`${names.header[0]}\` header to the response.`,
            [flag.location, example.location],
          ),
        );
      }
    }
  }
  return findings;
}

/**
 * ax-recoverable-retry-after: every 429 and 503 says how long to wait before retrying (one finding per
 * response, whatever its media types); an example that says retryable says how long too.
 */
export default ruleFunction<Options>(
  'recoverableRetryAfter',
  nameOptionsSchema('retryAfterHeader', 'retryDelay', 'retryFlag', 'errorList'),
  ({ doc, options, operations }) => {
    const headerNames = namesFor(options, 'retryAfterHeader');
    const delayNames = namesFor(options, 'retryDelay');
    const reported = new Set<Response>();
    const addHeader = `Add a \`${headerNames[0]}\` header (integer seconds)`;
    const findings: Finding[] = [];

    for (const operation of operations) {
      for (const response of doc.responses(operation).filter(entry => RESPONSES['ax-recoverable-retry-after'](entry.status))) {
        const headers = doc.headers(response);
        if (headerNamed(headers, headerNames) !== undefined) continue;
        // Not a skip: a response without `headers` is exactly the one that forgot Retry-After.
        const noHeader = `no \`${headerNames[0]}\` header`;
        // The header is the fix both messages name first: declared on the response, in seconds (RFC 9110 allows a date too).
        const edits = oneEdit(() => headerEdit(doc, response, headerNames[0], 'integer', 'Seconds to wait before retrying.'));
        const { schemas, unreadable } = errorSchemasOf(doc, operation, response);
        if (unreadable) continue; // the body might carry the delay; say nothing rather than guess
        if (schemas.length === 0) {
          reported.add(response);
          const text = `${noHeader}, so an agent cannot tell how long to wait. ${addHeader} under its \`headers\`.`;
          findings.push(responseFinding(operation, response, text, headers === undefined ? [] : [child(response.location, 'headers')], { edits }));
          continue;
        }
        const lacking = schemas
          .map(target => ({ target, count: target.views.filter(view => schemaAnswer(doc, view, 'retryDelay', options) === undefined).length }))
          .filter(({ count }) => count > 0);
        if (lacking.length === 0) continue;
        reported.add(response);
        const property = `a \`${newMemberName(doc, lacking[0].target.views, delayNames)}\` (integer) property`;
        // A member that may be the delay (`waitSeconds`) is asked about, and no header is added beside it.
        const likely = lacking.flatMap(({ target }) => target.views.flatMap(view => schemaLikely(doc, view, 'retryDelay', options) ?? []))[0];
        const message =
          likely === undefined
            ? `${noHeader}, and ${withoutDelay(lacking)} no retry delay. ${addHeader} or ${property}.`
            : `${noHeader}, and the error schema ${askAbout(likely, 'retry delay').what}. ${askAbout(likely, 'retry delay').fix} add a \`${headerNames[0]}\` header.`;
        findings.push(
          // On the response, where the header goes (a shared response once for all its uses).
          responseFinding(operation, response, message, [response.location], likely === undefined ? { edits } : {}),
        );
      }
    }
    return [...findings, ...retryableExamples(doc, operations, options, reported)];
  },
);
