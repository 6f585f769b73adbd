import { describeViews, errorSchemas, type Problem } from '../lib/error-bodies';
import { fieldDetailsOf, schemaAnswer, type FieldDetails } from '../lib/error-shapes';
import { nameOptionsSchema, namesFor, type Concept, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';
import type { ObjectView } from '../lib/schema';

const CONCEPTS = ['fieldDetails', 'fieldLocator', 'fieldReason', 'errorField', 'errorList', 'currentState', 'allowedActions', 'refreshUrl'] as const satisfies Concept[];
type Options = NameOptions<(typeof CONCEPTS)[number]>;

// Validation failures; a `4XX` range or `default` may be anything, so only the exact codes are held to it.
const VALIDATION_STATUSES = new Set(['400', '422']);

/** ax-recoverable-field-details: every 400 and 422 error body names the input field that failed (R6). */
export default ruleFunction<Options>('recoverableFieldDetails', nameOptionsSchema(...CONCEPTS), ({ doc, options, operations }) => {
  const locator = namesFor(options, 'fieldLocator')[0];
  const reason = namesFor(options, 'fieldReason')[0];
  const locatorFix = `\`${locator}\` (the input's JSON Pointer)`;
  const reasonFix = `\`${reason}\` (the reason)`;

  const problemOf = ({ member, lacks }: FieldDetails): Problem | undefined => {
    if (lacks === undefined) return undefined;
    const items = member.endsWith('items') ? `the ${member}` : `the items of \`${member}\``;
    if ('notList' in lacks) {
      const types = lacks.notList ?? [];
      const declared = types.length === 0 || types.includes('array') ? 'without an object `items` schema' : `as ${types.join(', ')}, not as a list of field errors`;
      return { what: `declares \`${member}\` ${declared}`, fix: `Make it an array of { ${locator}, ${reason} } items, one per invalid input field, or a map of field name to messages.` };
    }
    const missing = lacks.locator && lacks.reason ? 'neither a field locator nor a reason' : lacks.locator ? 'no field locator' : 'no reason';
    const fixes = [lacks.locator ? locatorFix : undefined, lacks.reason ? reasonFix : undefined].filter(part => part !== undefined).join(' and ');
    return { what: `declares ${member.endsWith('items') ? `${member} with` : `\`${member}\` but its items have`} ${missing}`, fix: `Add ${fixes} to ${items}.` };
  };

  const problemOfView = (view: ObjectView): Problem | undefined => {
    // A state rejection (AGLedger's envelope, a precondition 422) names no input field; ax-envelope-state and ax-envelope-refresh-url cover it.
    if ((['currentState', 'allowedActions', 'refreshUrl'] as const).some(question => schemaAnswer(doc, view, question, options) !== undefined)) return undefined;
    const forms = fieldDetailsOf(doc, view, options);
    if (forms.some(form => form.lacks === undefined)) return undefined;
    if (forms.length > 0) return problemOf(forms[0]);
    return {
      what: 'does not say which input field failed',
      fix: `Add \`${namesFor(options, 'fieldDetails')[0]}\`: an array of { ${locator}, ${reason} } items, one per invalid field, e.g. { "${locator}": "/amount", "${reason}": "must be > 0" }.`,
    };
  };

  return errorSchemas(doc, operations, status => VALIDATION_STATUSES.has(status)).flatMap(target => describeViews(target, problemOfView));
});
