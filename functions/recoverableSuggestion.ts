import { isClientErrorStatus } from '../lib/document';
import { describeViews, errorProperty, errorSchemas, responseExtension } from '../lib/error-bodies';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';

type Options = NameOptions<'recoveryHint'>;

/** ax-recoverable-suggestion: every 4xx error body tells the caller how to fix the request (R2). */
export default ruleFunction<Options>('recoverableSuggestion', nameOptionsSchema('recoveryHint'), ({ doc, options, operations }) => {
  const names = namesFor(options, 'recoveryHint');
  const problem = {
    what: 'has no recovery hint',
    fix: `Add a \`${names[0]}\` (string) that tells the caller how to fix the request, e.g. "Set amount to a positive integer in cents".`,
  };
  return errorSchemas(doc, operations, isClientErrorStatus)
    .filter(target => responseExtension(target.response, 'x-ax-error-suggestion') === undefined)
    .flatMap(target => describeViews(target, view => (errorProperty(doc, view, names) === undefined ? problem : undefined)));
});
