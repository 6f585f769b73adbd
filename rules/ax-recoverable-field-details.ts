/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { describeViews, errorSchemas, judgeOnce, type ErrorSchema, type Problem } from '../lib/errors/error-bodies';
import { errorAudience, propertyEdits } from '../lib/findings/edits';
import { schemaAnswer } from '../lib/errors/schema-shapes';
import { fieldDetailsOf, type FieldDetails } from '../lib/errors/field-details';
import { nameOptionsSchema, namesFor, type Concept, type NameOptions } from '../lib/semantics/names';
import { STATE_FIELDS } from '../lib/envelope/envelope';
import type { ObjectView } from '../lib/document/schema';
import type { Said, Say as SayOf } from '../lib/findings/messages';
import { statusIn } from '../lib/semantics/scope';
import { defineRule, ruleOptions } from './declaration';

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

const MESSAGES = {
  noFieldDetails: 'names no failed input field',
  addFieldDetails: 'Add `{{details}}`: an array of { {{locator}}, {{reason}} }, one per invalid field.',
  addFieldDetailsExpected: 'Add `{{details}}`: an array of { {{locator}}, {{reason}}, {{expected}} }, one per invalid field.',
  notAList: 'declares `{{member}}` without an object `items` schema',
  notAListOfErrors: 'declares `{{member}}` as {{types}}, not as a list of field errors',
  makeItAList: 'Make it an array of { {{locator}}, {{reason}} } or a map of field to messages.',
  messagesOnly: 'declares `{{member}}` as a map of messages, with no place for what each input must be',
  makeItExpectedList: 'Make it an array of { {{locator}}, {{reason}}, {{expected}} }.',
  noExpectedBeside: 'declares `{{member}}` but not what the input must be',
  addBeside: 'Add {{fixes}} beside it.',
  listLacks: 'declares {{member}} with {{missing}}',
  itemsLack: 'declares `{{member}}` but its items have {{missing}}',
  addToItems: 'Add {{fixes}} to {{items}}.',
  theList: 'the {{member}}',
  itemsOf: 'the items of `{{member}}`',
  noLocatorNoReason: 'neither a field locator nor a reason',
  noLocator: 'no field locator',
  noReason: 'no reason',
  noExpected: 'no expected value',
  andNoExpected: '{{missing}}, and no expected value',
  locatorField: "`{{name}}` (the input's JSON Pointer)",
  reasonField: '`{{name}}` (the reason)',
  expectedField: '`{{name}}` (what the input must be, e.g. ["USD", "EUR"])',
} as const;
type Say = SayOf<typeof MESSAGES>;

/** "`detail[]` items": an error list, named by its items. */
const isList = (member: string) => member.endsWith('items');

/** "neither a field locator nor a reason", "no reason and no expected value". */
function missingOf(say: Say, lacks: { locator: boolean; reason: boolean; expected?: boolean }): Said {
  const named =
    lacks.locator && lacks.reason
      ? say('noLocatorNoReason', { concept: ['fieldLocator', 'fieldReason'] })
      : lacks.locator
        ? say('noLocator', { concept: 'fieldLocator' })
        : lacks.reason
          ? say('noReason', { concept: 'fieldReason' })
          : undefined;
  if (!lacks.expected) return named!;
  return named === undefined ? say('noExpected') : say('andNoExpected', { missing: named });
}

/** ax-recoverable-field-details: every 400 and 422 error body names the input field that failed (R6). */
export default defineRule({
  id: 'ax-recoverable-field-details',
  description: 'Every 400 and 422 error schema says which input field failed, and why.',
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'field details',
    scope: 'operations with a 400 or 422 response that has a JSON schema',
    fixSite: 'error schema',
    fix: 'add field details (`details[]` items with `field` and `reason`)',
  },
  scope: {
    // Validation failures; a `4XX` range or `default` may be anything, so only the exact codes are held to it.
    responses: statusIn('400', '422'),
    holds: 'error schema',
  },
  // Whether the error names the input that failed is this rule's question, and a probe error naming the wrong one breaks it.
  probe: { reads: ['locators'], confirmedBy: 'ax-probe-wrong-field' },
  options: ruleOptions<Options>({ ...nameOptionsSchema(...CONCEPTS), requireExpected: { type: 'boolean' } }),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say, statuses }) => {
    const locator = namesFor(options, 'fieldLocator')[0];
    const reason = namesFor(options, 'fieldReason')[0];
    const expected = namesFor(options, 'allowedValues')[0];
    const locatorFix = say('locatorField', { name: locator });
    const reasonFix = say('reasonField', { name: reason });
    const expectedFix = say('expectedField', { name: expected });

    const problemOf = ({ member, lacks, single }: FieldDetails): Problem | undefined => {
      if (lacks === undefined) return undefined;
      const items = say(isList(member) ? 'theList' : 'itemsOf', { member });
      if ('notList' in lacks) {
        const types = lacks.notList ?? [];
        const what = types.length === 0 || types.includes('array') ? say('notAList', { member }) : say('notAListOfErrors', { member, types: types.join(', ') });
        return { what, fix: say('makeItAList', { locator, reason }) };
      }
      if ('fieldMap' in lacks) return { what: say('messagesOnly', { member }), fix: say('makeItExpectedList', { locator, reason, expected }) };
      const fixes = [lacks.locator ? locatorFix : undefined, lacks.reason ? reasonFix : undefined, lacks.expected ? expectedFix : undefined]
        .filter(part => part !== undefined)
        .join(' and ');
      if (single) return { what: say('noExpectedBeside', { member }), fix: say('addBeside', { fixes }) };
      return {
        what: say(isList(member) ? 'listLacks' : 'itemsLack', { member, missing: missingOf(say, lacks) }),
        fix: say('addToItems', { fixes, items }),
      };
    };

    /** The list the fix declares, as the message words it: optional (a failure may name no field), each item naming its field and why. */
    const detailsSchema = () => {
      const properties: Record<string, object> = { [locator]: { type: 'string' }, [reason]: { type: 'string' } };
      // What the input must be may be any type (["USD", "EUR"], a range): only its place is declared.
      if (options.requireExpected === true) properties[expected] = {};
      return { type: 'array', items: { type: 'object', required: Object.keys(properties), properties } };
    };

    const problemOfView = (target: ErrorSchema, view: ObjectView): Problem | undefined => {
      // A state rejection (AGLedger's envelope, a precondition 422) names no input field; ax-envelope-state and ax-envelope-refresh-url cover it.
      if (STATE_FIELDS.some(question => schemaAnswer(doc, view, question, options) !== undefined)) return undefined;
      const forms = fieldDetailsOf(doc, view, options, options.requireExpected === true);
      if (forms.some(form => form.lacks === undefined)) return undefined;
      if (forms.length > 0) return problemOf(forms[0]);
      const details = namesFor(options, 'fieldDetails')[0];
      return {
        what: say('noFieldDetails', { concept: 'fieldLocator' }),
        fix:
          options.requireExpected === true
            ? say('addFieldDetailsExpected', { details, locator, reason, expected })
            : say('addFieldDetails', { details, locator, reason }),
        edits: () => propertyEdits(doc, [view], details, detailsSchema(), false, errorAudience(doc, target)),
      };
    };

    const once = judgeOnce();
    return errorSchemas(doc, operations, statuses).flatMap(target =>
      describeViews(doc, target, view => once(target, view, [], () => problemOfView(target, view))),
    );
  },
});
