import { describeViews, errorSchemas, judgeOnce } from '../lib/errors/error-bodies';
import { stateEvidence, stateRejection } from '../lib/envelope/envelope';
import { homeCarrier, memberNames, schemaAnswer } from '../lib/errors/error-shapes';
import { inStyleOf, placeOf } from '../lib/errors/error-wording';
import { nameOptionsSchema, namesFor, type Concept, type NameOptions } from '../lib/rules/names';
import { ruleFunction } from '../lib/rules/rule-function';
import { RESPONSES } from '../lib/rules/scope';

type Field = 'currentState' | 'allowedActions' | 'refreshUrl';
type Options = NameOptions<Field | 'errorList'>;

/** What each required field holds, for the fix. */
const FIELDS: Record<Field, string> = {
  currentState: 'string',
  allowedActions: 'string[]',
  refreshUrl: 'URL to re-read it',
};
const CONCEPTS = Object.keys(FIELDS) as Field[];

/**
 * ax-envelope-state: a 409/422 state rejection hands the agent the state, the legal moves and where to
 * re-read them. On a 422, the refresh url is ax-envelope-refresh-url's to ask: one missing field, one finding.
 */
export default ruleFunction<Options>('envelopeState', nameOptionsSchema(...(CONCEPTS as Concept[]), 'errorList'), ({ doc, options, operations }) => {
  const names = Object.fromEntries(CONCEPTS.map(concept => [concept, namesFor(options, concept)])) as Record<Field, readonly string[]>;
  const once = judgeOnce();
  return errorSchemas(doc, operations, RESPONSES['ax-envelope-state']).flatMap(target => {
    const rejection = stateRejection(doc, target, options);
    if (rejection === undefined) return [];
    const asked = target.response.status === '422' ? CONCEPTS.filter(concept => concept !== 'refreshUrl') : CONCEPTS;
    // The rejection's evidence fitted to the first use stands for all (`sameWhat` leaves it out).
    return describeViews(target, view =>
      once(target, view, [asked.length], () => {
        const missing = asked.filter(concept => schemaAnswer(doc, view, concept, options) === undefined);
        if (missing.length === 0) return undefined;
        const home = homeCarrier(doc, view, options);
        // In the body's own naming style: `current_state` beside `error_description`.
        const fields = missing.map(concept => `\`${inStyleOf(memberNames(home), names[concept])}\` (${FIELDS[concept]})`).join(', ');
        return {
          what: `reports a state rejection (${stateEvidence(rejection)}) without the state`,
          // Each operation gives its own evidence of one defect of the schema.
          sameWhat: 'reports a state rejection without the state',
          fix: `Add ${fields}${placeOf(home)}.`,
        };
      }),
    );
  });
});
