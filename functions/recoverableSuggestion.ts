import { isClientErrorStatus } from '../lib/document';
import { describeViews, errorProperty, errorSchemas, responseExtension } from '../lib/error-bodies';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';

type Options = NameOptions<'recoveryHint'>;

/** The example hint in the message fits the status, so the person fixing the description sees the kind of hint meant. */
const EXAMPLE_HINTS: Record<string, string> = {
  '401': 'Send a valid token as Authorization: Bearer <token>',
  '403': 'Request the scope this call needs, then retry',
  '404': 'List the collection to find an existing id, then retry with it',
  '409': 'Re-read the resource and resend the change against its current version',
  '429': 'Wait the seconds given in Retry-After, then resend the same request',
};
const VALIDATION_HINT = 'Set amount to a positive integer in cents';

/** ax-recoverable-suggestion: every 4xx error body tells the caller how to fix the request (R2). */
export default ruleFunction<Options>('recoverableSuggestion', nameOptionsSchema('recoveryHint'), ({ doc, options, operations }) => {
  const names = namesFor(options, 'recoveryHint');
  const problemFor = (status: string) => ({
    what: 'has no recovery hint',
    fix: `Add a \`${names[0]}\` (string) that tells the caller how to fix the request, e.g. "${EXAMPLE_HINTS[status] ?? VALIDATION_HINT}".`,
  });
  return errorSchemas(doc, operations, isClientErrorStatus)
    .filter(target => responseExtension(target.response, 'x-ax-error-suggestion') === undefined)
    .flatMap(target => {
      const problem = problemFor(target.response.status);
      return describeViews(target, view => (errorProperty(doc, view, names) === undefined ? problem : undefined));
    });
});
