import { isErrorStatus } from '../lib/document';
import { describeViews, errorProperty, errorSchemas } from '../lib/error-bodies';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';
import { propertyTypes, type ObjectView } from '../lib/schema';

type Options = NameOptions<'retryFlag'>;

/** ax-recoverable-retryable-flag: every error body says whether the same call may simply be retried (seeds 003, 004). */
export default ruleFunction<Options>('recoverableRetryableFlag', nameOptionsSchema('retryFlag'), ({ doc, options, operations }) => {
  const names = namesFor(options, 'retryFlag');

  const problemOf = (view: ObjectView) => {
    const flag = errorProperty(doc, view, names);
    if (flag === undefined) {
      return {
        what: 'has no retry flag',
        fix: `Add a \`${names[0]}\` (boolean): true only for transient failures (rate limit, timeout, 5xx), so that an agent knows whether to retry unchanged or to change the request.`,
      };
    }
    // An untyped flag is not declared wrong; only a declared type that cannot hold true/false is.
    const types = propertyTypes(doc, flag);
    if (types === undefined || types.length === 0 || types.includes('boolean')) return undefined;
    return {
      what: `declares the retry flag \`${flag.name}\` as ${types.join(', ')}`,
      fix: `Make \`${flag.name}\` a boolean (\`type: boolean\`): an agent branches on true or false, not on text.`,
    };
  };

  return errorSchemas(doc, operations, isErrorStatus).flatMap(target => describeViews(target, problemOf));
});
