/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import { isObject, type JsonPath, type OpenApiDocument, type Operation, type Response } from '../lib/document/document';
import { isStepMethod, STEP_METHODS } from '../lib/envelope/envelope';
import { exampleItemsLack, limitEdit, propertyEdits, requiredEdits } from '../lib/findings/edits';
import { nameList, nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { propertiesNamed, type NestedProperty } from '../lib/document/nested';
import { mustThenSend, oneEdit, type Finding, type LazyEdits, responseFinding } from '../lib/findings/rule-function';
import { identityOf, sayOf, withLive, type Said, type Say as SayOf } from '../lib/findings/messages';
import { shown, stepFields, type Live } from '../lib/envelope/live';
import { describeValue } from '../lib/document/values';
import { allowedValues, isObjectView, ownProperty, propertyTypes, viewsOf, viewsOfProperty, type ObjectView } from '../lib/document/schema';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'nextSteps' | 'nextStepItem'> & { methodEnum?: boolean };

const METHOD_ENUM = `\`enum: [${STEP_METHODS.join(', ')}]\``;

const MESSAGES = {
  notAList: '`{{trail}}` is declared as {{types}}, not a list of steps. Declare it as an array of objects requiring {{required}}{{thenSend}}.',
  noItems: "`{{trail}}` declares no `items`, so a step's fields are unknown. Declare it as an array of objects requiring {{required}}{{thenSend}}.",
  scalarItems: 'the items of `{{trail}}` are {{types}}, not steps. Make them objects requiring {{required}}{{thenSend}}.',
  itemsOf: 'the items of `{{trail}}`',
  fieldNotRequired: '{{subject}} declare but do not require `{{name}}`. Add it to their `required` list{{thenSend}}.',
  fieldUndeclared: '{{subject}} do not declare `{{name}}`. Declare it ({{holds}}) and list it in `required`{{thenSend}}.',
  // What each item field holds, in the order of the nextStepItem names: action, method, href, description.
  actionHolds: 'type string: an imperative verb phrase',
  methodHolds: 'type string, {{methodEnum}}',
  hrefHolds: 'type string: the concrete URL, no template',
  descriptionHolds: 'type string: why, and any precondition',
  otherHolds: 'type string',
  methodAnyString: '{{subject}} let `{{name}}` be any string, not only a verb an agent can send. Limit it with {{methodEnum}}.',
  // An API's own `nextSteps` for a person to read (Frankie's `DisplayMarkUp`): asked, as it holds no call to complete.
  forDisplay:
    '`{{trail}}` is described as {{evidence}}, its items hold no URL or method. If it is for agents, its items need {{required}}; if for people, exempt the operation (`x-ax-exempt`) and give agents their calls in another list.',
  methodNotHttp: '{{subject}} allow `{{name}}` values that are not HTTP methods: {{values}}. Limit it to {{methodEnum}} (HEAD, OPTIONS are accepted too).',
} as const;

/** What the live check says, on a body the server sent: a table apart, so that the guard's bundle carries none of the lint's words. */
const LIVE_MESSAGES = {
  liveNotAList: '`{{at}}` is {{value}}, not a list of steps an agent can call. Send an array of {{step}}.',
  liveNotAStep: '`{{at}}` is {{value}}, not a step an agent can call. Send each step as {{step}}.',
  liveStepLacks: '`{{at}}` has no string {{fields}}, so an agent gets a step it cannot call. Send each step as {{step}}, every field a non-empty string.',
  liveNotAMethod: '`{{at}}` is "{{method}}", not an HTTP method an agent can send. Send GET, POST, PUT, PATCH or DELETE.',
} as const;
type Say = SayOf<typeof MESSAGES>;

/** What the item field at `index` of the nextStepItem names holds, for the fix that declares it. */
function holds(say: Say, index: number): Said {
  switch (index) {
    case 0:
      return say('actionHolds');
    case 1:
      return say('methodHolds', { methodEnum: METHOD_ENUM });
    case 2:
      return say('hrefHolds');
    case 3:
      return say('descriptionHolds');
    default:
      return say('otherHolds');
  }
}

interface Problem {
  what: Said;
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

const ID = 'ax-envelope-next-steps-shape';
const sayLive = /* @__PURE__ */ sayOf(LIVE_MESSAGES);

/** What is wrong with the first incomplete step of one live list, if any: the four fields, strings, an HTTP method. */
function liveStepProblem(steps: readonly unknown[], at: string, fields: readonly string[], step: string): Said | undefined {
  const methodName = fields[1];
  for (const [i, item] of steps.entries()) {
    if (!isObject(item)) return sayLive('liveNotAStep', { at: `${at}[${i}]`, value: describeValue(item), step });
    const missing = fields.filter(field => typeof item[field] !== 'string' || item[field] === '');
    if (missing.length > 0) return sayLive('liveStepLacks', { at: `${at}[${i}]`, fields: nameList(missing), step });
    const method = methodName === undefined ? undefined : String(item[methodName]);
    if (method !== undefined && !isStepMethod(method)) return sayLive('liveNotAMethod', { at: `${at}[${i}].${methodName}`, method: shown(method) });
  }
  return undefined;
}

/** Live, on every status: each `nextSteps` list of the body holds complete steps. */
export const live = {
  rule: ID,
  at: () => true,
  check: exchange => {
    const { names } = exchange;
    const lists = exchange.stepLists();
    if (lists.length === 0) return [];
    const fields = namesFor(names, 'nextStepItem');
    const step = stepFields(names);
    return lists.flatMap(({ steps, at, read }) => {
      if (!Array.isArray(steps)) return [sayLive('liveNotAList', { at, value: describeValue(steps), step })];
      return liveStepProblem(read, at, fields, step) ?? [];
    });
  },
} satisfies Live;

/** ax-envelope-next-steps-shape: every declared nextSteps is an array of complete, callable steps. */
export default /* @__PURE__ */ defineRule({
  id: ID,
  description: 'Wherever `nextSteps` is declared, it is an array of steps requiring action, method (an HTTP method), href and description.',
  severity: 'error',
  recommended: true,
  principle: {
    label: 'nextSteps shape',
    scope: 'operations with a JSON response schema that declares `nextSteps`',
    fixSite: 'success schema',
    fix: 'make `nextSteps` an array of items requiring `action`, `method`, `href`, `description`',
  },
  scope: { holds: { concept: 'nextSteps', in: 'schema' } },
  live,
  options: /* @__PURE__ */ ruleOptions<Options>(
    /* @__PURE__ */ Object.assign(/* @__PURE__ */ nameOptionsSchema('nextSteps', 'nextStepItem'), { methodEnum: { type: 'boolean' } }),
  ),
  messages: /* @__PURE__ */ withLive(MESSAGES, LIVE_MESSAGES),
  lint: ({ doc, options, operations, say }) => {
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
                say,
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
});

function checkSteps(doc: OpenApiDocument, say: Say, target: Target, itemNames: readonly string[], methodEnum: boolean): Finding[] {
  const { response, property } = target;
  const { trail } = property;
  // The member's trail from this response (`data.nextSteps`) differs between the users of a shared schema; its name does not.
  const finding = (what: Said, ...at: (JsonPath | undefined)[]): Finding =>
    responseFinding(target.operation, response, what, [...at, target.schemaAt, target.writtenAt], { same: identityOf(what, { trail: property.name }) });
  const required = itemNames.map(name => `\`${name}\``).join(', ');
  const thenSend = mustThenSend('them');
  const types = propertyTypes(doc, property);
  if (types !== undefined && !types.includes('array')) {
    return [finding(say('notAList', { trail, types: types.join(' or '), required, thenSend }), property.location)];
  }
  const outer = viewsOf(doc, property.schema, property.location);
  if (outer === undefined) return [];
  if (!outer.some(view => view.parts.some(part => part.value.items !== undefined))) {
    return [finding(say('noItems', { trail, required, thenSend }), property.location)];
  }
  const items = viewsOfProperty(doc, property, true);
  if (items === undefined) return [];
  const scalar = items.find(view => !isObjectView(view));
  if (scalar !== undefined) {
    return [finding(say('scalarItems', { trail, types: String(scalar.types?.join(' or ')), required, thenSend }), scalar.parts[0].location, property.location)];
  }
  const display = displayEvidence(outer, items);
  if (display !== undefined) return [finding(say('forDisplay', { trail, evidence: display, required }), property.location)];
  const subject = say('itemsOf', { trail });
  return [
    ...itemNames.flatMap((name, i) => missingField(doc, say, subject, items, name, i, property.name)),
    ...methodProblems(doc, say, subject, items, itemNames[1], methodEnum),
  ].map(({ what, at, edits }) => ({ ...finding(what, at, property.location), ...(edits === undefined ? {} : { edits }) }));
}

/** A member of a step item that may hold or make a call: its target (`href`, `url`, `uri`, `link`, `path`, `endpoint`), its operation or its method. */
const CALL_MEMBER = /href|url|uri|link|path|endpoint|operation|method|verb/i;

/** A list's description that says it is for a person to read: rendered, displayed, shown, markup or text. */
const DISPLAY_WORDS = /\b(render(?:ed|ing)?|display(?:ed|ing)?|shown|markup|text)\b/i;

/**
 * `"rendering"` when a list is described as something for a person to read (Frankie's `nextSteps`, "Hierarchical list of
 * objects for rendering the next steps") and no item shape declares a member that could be a call: not steps left incomplete.
 */
function displayEvidence(outer: readonly ObjectView[], items: readonly ObjectView[]): string | undefined {
  if (items.some(view => [...view.properties.keys()].some(name => CALL_MEMBER.test(name)))) return undefined;
  const described = [...outer, ...items]
    .flatMap(view => view.parts.map(part => part.value.description))
    .find(text => typeof text === 'string' && DISPLAY_WORDS.test(text));
  return described === undefined ? undefined : `"${DISPLAY_WORDS.exec(described as string)![1].toLowerCase()}"`;
}

/** One finding for an item field that some item shape does not declare, or declares without requiring. */
function missingField(doc: OpenApiDocument, say: Say, subject: Said, items: readonly ObjectView[], name: string, index: number, list: string): Problem[] {
  const lacking = items.filter(view => ownProperty(view, [name], true) === undefined);
  if (lacking.length === 0) return [];
  const declared = lacking.every(view => ownProperty(view, [name]) !== undefined);
  // The edit says what the message says: the member required, or declared (a string; `method` an HTTP method) and required.
  const schema = index === 1 ? { type: 'string', enum: STEP_METHODS } : { type: 'string' };
  // A step in an example without the member is for a person to complete first.
  const edits = () =>
    exampleItemsLack(doc, list, name) ? undefined : declared ? requiredEdits(doc, lacking, name) : propertyEdits(doc, lacking, name, schema, true);
  return [
    {
      what: declared
        ? say('fieldNotRequired', { subject, name, thenSend: mustThenSend('it') })
        : say('fieldUndeclared', { subject, name, holds: holds(say, index), thenSend: mustThenSend('it') }),
      at: lacking[0].parts[0].location,
      edits,
    },
  ];
}

/** `method` must be limited to verbs an agent can send: an enum (or const) of HTTP methods. */
function methodProblems(doc: OpenApiDocument, say: Say, subject: Said, items: readonly ObjectView[], name: string | undefined, methodEnum: boolean): Problem[] {
  const problems: Problem[] = [];
  for (const view of items) {
    const method = name === undefined ? undefined : ownProperty(view, [name]);
    const limit = method === undefined ? undefined : allowedValues(doc, method);
    if (method === undefined || limit === undefined) continue;
    // `null` in the enum only makes the field nullable.
    const outside = limit.values.filter(value => value !== null && !isStepMethod(value));
    if (!limit.limited && methodEnum) {
      problems.push({
        what: say('methodAnyString', { subject, name: name!, methodEnum: METHOD_ENUM }),
        at: method.location,
        edits: oneEdit(() => limitEdit(doc, method, STEP_METHODS)),
      });
    } else if (outside.length > 0) {
      const values = outside.map(value => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``).join(', ');
      problems.push({
        what: say('methodNotHttp', { subject, name: name!, values, methodEnum: METHOD_ENUM }),
        at: method.location,
      });
    }
  }
  return problems;
}
