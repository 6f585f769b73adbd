import { type JsonPath, type OpenApiDocument, type Operation, type Response } from '../lib/document/document';
import { isStepMethod, STEP_METHODS } from '../lib/envelope/envelope';
import { exampleItemsLack, limitEdit, propertyEdits, requiredEdits } from '../lib/rules/edits';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/rules/names';
import { propertiesNamed, type NestedProperty } from '../lib/document/nested';
import { mustThenSend, oneEdit, ruleFunction, type Finding, type LazyEdits, responseFinding } from '../lib/rules/rule-function';
import { allowedValues, isObjectView, ownProperty, propertyTypes, viewsOf, viewsOfProperty, type ObjectView } from '../lib/document/schema';

type Options = NameOptions<'nextSteps' | 'nextStepItem'> & { methodEnum?: boolean };

const METHOD_ENUM = `\`enum: [${STEP_METHODS.join(', ')}]\``;
/** What each item field holds, in the order of the nextStepItem names: action, method, href, description. */
const ITEM_FIELDS = [
  'type string: an imperative verb phrase',
  `type string, ${METHOD_ENUM}`,
  'type string: the concrete URL, no template',
  'type string: why, and any precondition',
];

interface Problem {
  what: string;
  at: JsonPath | undefined;
  /** The fix, where it is structure: a member declared or required, `method` limited. */
  edits?: LazyEdits;
}

interface Target {
  operation: Operation;
  response: Response;
  property: NestedProperty;
  /** The body's schema, its `$ref` followed: where a finding goes when the member's own place is unknown. */
  schemaAt: JsonPath | undefined;
  /** The body's schema as written in the response (a `$ref` to another file): the last resort before `responses.<status>`. */
  writtenAt: JsonPath | undefined;
}

/** ax-envelope-next-steps-shape: every declared nextSteps is an array of complete, callable steps. */
export default ruleFunction<Options>(
  'envelopeNextStepsShape',
  { ...nameOptionsSchema('nextSteps', 'nextStepItem'), methodEnum: { type: 'boolean' } },
  ({ doc, options, operations }) => {
    // Most descriptions declare no nextSteps: skip the walk of every response schema and example.
    if (!doc.mayMention(namesFor(options, 'nextSteps'))) return [];
    const itemNames = namesFor(options, 'nextStepItem');
    const findings: Finding[] = [];
    for (const operation of operations) {
      for (const response of doc.responses(operation)) {
        for (const body of doc.jsonBodies(operation, response)) {
          if (body.schema === undefined) continue;
          for (const property of propertiesNamed(doc, body.schema.value, body.schema.location, namesFor(options, 'nextSteps'))) {
            findings.push(
              ...checkSteps(
                doc,
                { operation, response, property, schemaAt: doc.resolve(body.schema.value, body.schema.location)?.location, writtenAt: body.schema.location },
                itemNames,
                options.methodEnum !== false,
              ),
            );
          }
        }
      }
    }
    return findings;
  },
);

function checkSteps(doc: OpenApiDocument, target: Target, itemNames: readonly string[], methodEnum: boolean): Finding[] {
  const { response, property } = target;
  // The member's trail from this response (`data.nextSteps`) differs between the users of a shared schema; its name does not.
  const say = (what: string, ...at: (JsonPath | undefined)[]): Finding =>
    responseFinding(target.operation, response, what, [...at, target.schemaAt, target.writtenAt], {
      same: what.replaceAll(`\`${property.trail}\``, `\`${property.name}\``),
    });
  const required = itemNames.map(name => `\`${name}\``).join(', ');
  const shape = `an array of objects requiring ${required}${mustThenSend('them')}`;
  const types = propertyTypes(doc, property);
  if (types !== undefined && !types.includes('array')) {
    return [say(`\`${property.trail}\` is declared as ${types.join(' or ')}, not a list of steps. Declare it as ${shape}.`, property.location)];
  }
  const outer = viewsOf(doc, property.schema, property.location);
  if (outer === undefined) return [];
  if (!outer.some(view => view.parts.some(part => part.value.items !== undefined))) {
    return [say(`\`${property.trail}\` declares no \`items\`, so a step's fields are unknown. Declare it as ${shape}.`, property.location)];
  }
  const items = viewsOfProperty(doc, property, true);
  if (items === undefined) return [];
  const scalar = items.find(view => !isObjectView(view));
  if (scalar !== undefined) {
    return [
      say(
        `the items of \`${property.trail}\` are ${scalar.types?.join(' or ')}, not steps. Make them objects requiring ${required}${mustThenSend('them')}.`,
        scalar.parts[0].location,
        property.location,
      ),
    ];
  }
  const subject = `the items of \`${property.trail}\``;
  return [
    ...itemNames.flatMap((name, i) => missingField(doc, subject, items, name, i, property.name)),
    ...methodProblems(doc, subject, items, itemNames[1], methodEnum),
  ].map(({ what, at, edits }) => ({ ...say(what, at, property.location), ...(edits === undefined ? {} : { edits }) }));
}

/** One finding for an item field that some item shape does not declare, or declares without requiring. */
function missingField(doc: OpenApiDocument, subject: string, items: readonly ObjectView[], name: string, index: number, list: string): Problem[] {
  const lacking = items.filter(view => ownProperty(view, [name], true) === undefined);
  if (lacking.length === 0) return [];
  const declared = lacking.every(view => ownProperty(view, [name]) !== undefined);
  const fix = declared ? `Add it to their \`required\` list` : `Declare it (${ITEM_FIELDS[index] ?? 'type string'}) and list it in \`required\``;
  // The edit says what the message says: the member required, or declared (a string; `method` an HTTP method) and required.
  const schema = index === 1 ? { type: 'string', enum: STEP_METHODS } : { type: 'string' };
  // A step in an example without the member is for a person to complete first.
  const edits = () =>
    exampleItemsLack(doc, list, name) ? undefined : declared ? requiredEdits(doc, lacking, name) : propertyEdits(doc, lacking, name, schema, true);
  return [
    {
      what: `${subject} ${declared ? 'declare but do not require' : 'do not declare'} \`${name}\`. ${fix}${mustThenSend('it')}.`,
      at: lacking[0].parts[0].location,
      edits,
    },
  ];
}

/** `method` must be limited to verbs an agent can send: an enum (or const) of HTTP methods. */
function methodProblems(doc: OpenApiDocument, subject: string, items: readonly ObjectView[], name: string | undefined, methodEnum: boolean): Problem[] {
  const problems: Problem[] = [];
  for (const view of items) {
    const method = name === undefined ? undefined : ownProperty(view, [name]);
    const limit = method === undefined ? undefined : allowedValues(doc, method);
    if (method === undefined || limit === undefined) continue;
    // `null` in the enum only makes the field nullable.
    const outside = limit.values.filter(value => value !== null && !isStepMethod(value));
    if (!limit.limited && methodEnum) {
      problems.push({
        what: `${subject} let \`${name}\` be any string, not only a verb an agent can send. Limit it with ${METHOD_ENUM}.`,
        at: method.location,
        edits: oneEdit(() => limitEdit(doc, method, STEP_METHODS)),
      });
    } else if (outside.length > 0) {
      const listed = outside.map(value => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``).join(', ');
      problems.push({
        what: `${subject} allow \`${name}\` values that are not HTTP methods: ${listed}. Limit it to ${METHOD_ENUM} (HEAD, OPTIONS are accepted too).`,
        at: method.location,
      });
    }
  }
  return problems;
}
