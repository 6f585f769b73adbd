import { describeViews, errorSchemas, judgeOnce, type Problem } from '../lib/errors/error-bodies';
import { errorAudience, propertyEdits } from '../lib/rules/edits';
import { fieldDetailsOf, schemaAnswer, type FieldDetails } from '../lib/errors/error-shapes';
import { nameOptionsSchema, namesFor, type Concept, type NameOptions } from '../lib/rules/names';
import { ruleFunction } from '../lib/rules/rule-function';
import { STATE_FIELDS } from '../lib/envelope/envelope';
import type { ObjectView } from '../lib/document/schema';
import { RESPONSES } from '../lib/rules/scope';

const CONCEPTS = [
  'fieldDetails',
  'fieldLocator',
  'fieldReason',
  'errorField',
  'errorList',
  'currentState',
  'allowedActions',
  'refreshUrl',
  'allowedValues',
] as const satisfies Concept[];
type Options = NameOptions<(typeof CONCEPTS)[number]> & { requireExpected?: boolean };

/** "`detail[]` items": an error list, named by its items. */
const isList = (member: string) => member.endsWith('items');

/** "neither a field locator nor a reason", "no reason and no expected value". */
function missingOf(lacks: { locator: boolean; reason: boolean; expected?: boolean }): string {
  const named =
    lacks.locator && lacks.reason ? 'neither a field locator nor a reason' : lacks.locator ? 'no field locator' : lacks.reason ? 'no reason' : undefined;
  if (!lacks.expected) return named!;
  return named === undefined ? 'no expected value' : `${named}, and no expected value`;
}

/** ax-recoverable-field-details: every 400 and 422 error body names the input field that failed (R6). */
export default ruleFunction<Options>(
  'recoverableFieldDetails',
  { ...nameOptionsSchema(...CONCEPTS), requireExpected: { type: 'boolean' } },
  ({ doc, options, operations }) => {
    const locator = namesFor(options, 'fieldLocator')[0];
    const reason = namesFor(options, 'fieldReason')[0];
    const expected = namesFor(options, 'allowedValues')[0];
    const locatorFix = `\`${locator}\` (the input's JSON Pointer)`;
    const reasonFix = `\`${reason}\` (the reason)`;
    const expectedFix = `\`${expected}\` (what the input must be, e.g. ["USD", "EUR"])`;

    const problemOf = ({ member, lacks, single }: FieldDetails): Problem | undefined => {
      if (lacks === undefined) return undefined;
      const items = isList(member) ? `the ${member}` : `the items of \`${member}\``;
      if ('notList' in lacks) {
        const types = lacks.notList ?? [];
        const declared =
          types.length === 0 || types.includes('array') ? 'without an object `items` schema' : `as ${types.join(', ')}, not as a list of field errors`;
        return { what: `declares \`${member}\` ${declared}`, fix: `Make it an array of { ${locator}, ${reason} } or a map of field to messages.` };
      }
      if ('fieldMap' in lacks)
        return {
          what: `declares \`${member}\` as a map of messages, with no place for what each input must be`,
          fix: `Make it an array of { ${locator}, ${reason}, ${expected} }.`,
        };
      const fixes = [lacks.locator ? locatorFix : undefined, lacks.reason ? reasonFix : undefined, lacks.expected ? expectedFix : undefined]
        .filter(part => part !== undefined)
        .join(' and ');
      if (single) return { what: `declares \`${member}\` but not what the input must be`, fix: `Add ${fixes} beside it.` };
      return {
        what: `declares ${isList(member) ? `${member} with` : `\`${member}\` but its items have`} ${missingOf(lacks)}`,
        fix: `Add ${fixes} to ${items}.`,
      };
    };

    /** The list the fix declares, as the message words it: optional (a failure may name no field), each item naming its field and why. */
    const detailsSchema = () => {
      const properties: Record<string, object> = { [locator]: { type: 'string' }, [reason]: { type: 'string' } };
      // What the input must be may be any type (["USD", "EUR"], a range): only its place is declared.
      if (options.requireExpected === true) properties[expected] = {};
      return { type: 'array', items: { type: 'object', required: Object.keys(properties), properties } };
    };

    const problemOfView = (view: ObjectView): Problem | undefined => {
      // A state rejection (AGLedger's envelope, a precondition 422) names no input field; ax-envelope-state and ax-envelope-refresh-url cover it.
      if (STATE_FIELDS.some(question => schemaAnswer(doc, view, question, options) !== undefined)) return undefined;
      const forms = fieldDetailsOf(doc, view, options, options.requireExpected === true);
      if (forms.some(form => form.lacks === undefined)) return undefined;
      if (forms.length > 0) return problemOf(forms[0]);
      const details = namesFor(options, 'fieldDetails')[0];
      return {
        what: 'names no failed input field',
        fix: `Add \`${details}\`: an array of { ${locator}, ${reason}${options.requireExpected === true ? `, ${expected}` : ''} }, one per invalid field.`,
        edits: () => propertyEdits(doc, [view], details, detailsSchema(), false, errorAudience(doc)),
      };
    };

    const once = judgeOnce();
    return errorSchemas(doc, operations, RESPONSES['ax-recoverable-field-details']).flatMap(target =>
      describeViews(target, view => once(target, view, [], () => problemOfView(view))),
    );
  },
);
