import { describeViews, errorProperty, errorSchemas, stateRejection } from '../lib/error-bodies';
import { nameOptionsSchema, namesFor, type Concept, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';

type Options = NameOptions<'currentState' | 'allowedActions' | 'refreshUrl'>;

/** What each required field holds, for the fix. */
const FIELDS: Record<'currentState' | 'allowedActions' | 'refreshUrl', string> = {
  currentState: 'type string: the state the resource is actually in',
  allowedActions: 'array of strings: what the agent may do from this state',
  refreshUrl: 'type string: where to re-read the state before retrying',
};
const CONCEPTS = Object.keys(FIELDS) as (keyof typeof FIELDS)[];

/** ax-envelope-state: a 409/422 state rejection hands the agent the state, the legal moves and where to re-read them. */
export default ruleFunction<Options>('envelopeState', nameOptionsSchema(...(CONCEPTS as Concept[])), ({ doc, options, operations }) => {
  const names = Object.fromEntries(CONCEPTS.map(concept => [concept, namesFor(options, concept)])) as Record<keyof typeof FIELDS, readonly string[]>;
  const triggers = [...names.currentState, ...names.allowedActions];
  return errorSchemas(doc, operations, status => status === '409' || status === '422').flatMap(target => {
    const signal = stateRejection(doc, target, triggers);
    if (signal === undefined) return [];
    return describeViews(target, view => {
      const missing = CONCEPTS.filter(concept => errorProperty(doc, view, names[concept]) === undefined);
      if (missing.length === 0) return undefined;
      const fields = missing.map(concept => `\`${names[concept][0]}\` (${FIELDS[concept]})`).join(', ');
      return {
        what: `reports a state rejection (${signal}) but does not declare ${missing.map(concept => `\`${names[concept][0]}\``).join(', ')}`,
        fix: `Without them the agent cannot re-plan from the state the resource is really in. Add ${fields}.`,
      };
    });
  });
});
