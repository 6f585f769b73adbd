import { describeViews, errorProperty, errorSchemas, type Problem } from '../lib/error-bodies';
import { nameOptionsSchema, namesFor, type Concept, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';
import { isObjectView, propertyTypes, viewsLacking, viewsOf, viewsOfProperty, type ObjectView, type Property } from '../lib/schema';

const CONCEPTS = ['fieldDetails', 'fieldLocator', 'fieldReason', 'errorField', 'currentState', 'allowedActions'] as const satisfies Concept[];
type Options = NameOptions<(typeof CONCEPTS)[number]>;

// Validation failures; a `4XX` range or `default` may be anything, so only the exact codes are held to it.
const VALIDATION_STATUSES = new Set(['400', '422']);

/** ax-recoverable-field-details: every 400 and 422 error body names the input field that failed (R6). */
export default ruleFunction<Options>('recoverableFieldDetails', nameOptionsSchema(...CONCEPTS), ({ doc, options, operations }) => {
  const names = Object.fromEntries(CONCEPTS.map(concept => [concept, namesFor(options, concept)])) as Record<(typeof CONCEPTS)[number], readonly string[]>;
  const itemShape = `{ ${names.fieldLocator[0]}, ${names.fieldReason[0]} }`;
  const locatorFix = `\`${names.fieldLocator[0]}\` (string, the JSON Pointer or dotted path of the input, e.g. "/amount")`;
  const reasonFix = `\`${names.fieldReason[0]}\` (string, why the value was rejected, e.g. "must be greater than 0")`;
  const makeArray = (details: Property) =>
    `Make \`${details.name}\` an array of ${itemShape} objects, one per invalid input field, so that an agent can fix exactly those fields.`;

  const itemProblem = (details: Property): Problem | undefined => {
    if (viewsOf(doc, details.schema, details.location) === undefined) return undefined; // unreadable (a dangling $ref): no guess
    const items = viewsOfProperty(doc, details, true)?.filter(isObjectView);
    if (items === undefined || items.length === 0) {
      const types = propertyTypes(doc, details);
      const notArray = types !== undefined && types.length > 0 && !types.includes('array');
      return { what: notArray ? `declares \`${details.name}\` as ${types.join(', ')}, not as an array of field errors` : `declares \`${details.name}\` without an object \`items\` schema`, fix: makeArray(details) };
    }
    const lacksLocator = viewsLacking(doc, items, names.fieldLocator).length > 0;
    const lacksReason = viewsLacking(doc, items, names.fieldReason).length > 0;
    if (!lacksLocator && !lacksReason) return undefined;
    const what = lacksLocator && lacksReason ? 'neither a field locator nor a reason' : lacksLocator ? 'no field locator' : 'no reason';
    const fixes = [lacksLocator ? locatorFix : undefined, lacksReason ? reasonFix : undefined].filter(fix => fix !== undefined);
    return { what: `declares \`${details.name}\` but its items have ${what}`, fix: `Add ${fixes.join(' and ')} to the items of \`${details.name}\`.` };
  };

  const problemOf = (view: ObjectView): Problem | undefined => {
    // A state rejection (seed 000, seed 004's precondition 422) names no input field; ax-envelope-state covers it.
    if (errorProperty(doc, view, [...names.currentState, ...names.allowedActions]) !== undefined) return undefined;
    // The single-error body of seed 003 names its field beside the code.
    if (errorProperty(doc, view, names.errorField) !== undefined) return undefined;
    const details = errorProperty(doc, view, names.fieldDetails);
    if (details === undefined) {
      return {
        what: 'does not say which input field failed',
        fix: `Add \`${names.fieldDetails[0]}\`: an array of ${itemShape} items, one per invalid input field, e.g. { "${names.fieldLocator[0]}": "/amount", "${names.fieldReason[0]}": "must be greater than 0" }; or, in a single-error body, a \`${names.errorField[0]}\` beside the code.`,
      };
    }
    return itemProblem(details);
  };

  return errorSchemas(doc, operations, status => VALIDATION_STATUSES.has(status)).flatMap(target => describeViews(target, problemOf));
});
