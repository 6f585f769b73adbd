/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import {
  baseMediaType,
  headerNamed,
  isEnvelopeStatus,
  isObject,
  valueAt,
  type Body,
  type JsonObject,
  type OpenApiDocument,
  type Response,
} from '../lib/document/document';
import { composedWith, ensureEdit, envelopeFor, propertyEdits, type Audience, type Edit } from '../lib/findings/edits';
import { STEP_METHODS } from '../lib/envelope/envelope';
import {
  declaresMethodLinks,
  declaresPageLinks,
  hasCallableLinks,
  linkCollections,
  linkLookalike,
  liveMethodLinks,
  liveSelfLink,
  nextCallMember,
  selfLink,
} from '../lib/envelope/hypermedia';
import { firstName, sentHeader, stepFields, type Live } from '../lib/envelope/live';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { label, placeIn, responseFinding, type Finding, type LazyEdits } from '../lib/findings/rule-function';
import { isObjectView, mapValueType, viewsLacking, viewsOf, type ObjectView } from '../lib/document/schema';
import { asksNextSteps, mayOnlyRead, overruledWording, readEvidence } from '../lib/semantics/scope';
import { about, sayOf, withLive, type Said, type Say as SayOf } from '../lib/findings/messages';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'nextSteps' | 'nextStepItem' | 'linkCollection'> & { prefixes?: string[]; readOnly?: string[]; hypermedia?: boolean };

// About 240 characters each: what they leave out (the handler, the envelope's name) is on docs/rules/ax-envelope-next-steps.md.
const MESSAGES = {
  stepList: '[{ {{fields}} }]',
  stepTerms: '(all required, `{{method}}` an HTTP-method enum)',
  anKind: 'an {{type}}',
  aKind: 'a {{type}}',
  // A map of scalars (MIMIC's `additionalProperties: { type: integer }`): a new member breaks clients that read every entry.
  mapKind: 'a map of {{type}} values',
  // Wrapping a bare body breaks every client that reads it (docs/rules/ax-envelope-next-steps.md): asked, and `fix` leaves it to a person.
  noRoomForSteps:
    'no `{{name}}`, and the body is {{kind}}. In a new version, wrap it: `{ data: {{data}}, {{name}}: {{step}} }`; else exempt the operation (`x-ax-exempt`).',
  linkWithoutMethod:
    'the body is a link with an `href` but no `method`. Declare a `method` beside the `href`, a `Location` header, or add `{{name}}`: {{step}} {{terms}}.',
  linksWithoutMethodInShapes:
    '{{count}} of its {{total}} oneOf/anyOf shapes are links with an `href` but no `method`. Declare a `method` beside the `href`, a `Location` header, or add `{{name}}`: {{step}} {{terms}}.',
  linkCollectionWithoutMethod: '`{{links}}` has an href but no `method`. Declare a `method` on each link, or add `{{name}}`: {{step}} {{terms}}.',
  linkCollectionWithoutMethodInShapes:
    '{{count}} of its {{total}} oneOf/anyOf shapes declare `{{links}}` with an href but no `method`. Declare a `method` on each link, or add `{{name}}`: {{step}} {{terms}}.',
  jsonApiWithoutNextCall:
    'no next call, and JSON:API allows no new top-level member. Declare `{{links}}`: { <action>: { href, method } }, one per next legal call.',
  jsonApiWithoutNextCallInShapes:
    '{{count}} of its {{total}} oneOf/anyOf shapes declare no next call, and JSON:API allows no new top-level member. Declare `{{links}}`: { <action>: { href, method } }, one per next legal call.',
  lookalikeWithoutHref: 'no `{{name}}`; `{{lookalike}}` has no href. If it lists the next calls, give each an `href` and `method`; else {{add}}.',
  lookalikeWithoutMethod: 'no `{{name}}`; `{{lookalike}}` has no method. If it lists the next calls, give each a `method`; else {{add}}.',
  addSteps: 'add `{{name}}`: {{step}} {{terms}}',
  addStepsInShapes: 'add `{{name}}`: {{step}} {{terms}}, in every branch',
  answerEnvelope: 'answer an `allOf` of `{{shared}}` and `{{name}}`',
  noSteps: 'no `{{name}}`. Add `{{name}}`: {{step}} {{terms}} to the {{mediaType}} schema.',
  noStepsInShapes: '{{count}} of its {{total}} oneOf/anyOf shapes lack `{{name}}`. Add `{{name}}`: {{step}} {{terms}} to each branch.',
  bodyIsNextCall: 'no `{{name}}`; `{{member}}` may be the next call ({{evidence}}): {{add}}: {{step}} {{terms}}, listing it if it is.',
  addForNextCalls: 'add `{{name}}` for the next calls',
  addName: 'add `{{name}}`',
  // Some signs of a call that only reads or computes, not all (issue 38): asked, and `fix` leaves it to a person.
  mayOnlyRead: 'no `{{name}}`, but it may only compute ({{evidence}}). If so, mark it `x-ax-read-only: true`; else {{add}}.',
  noStepsAnswerEnvelope: 'no `{{name}}`. Answer an `allOf` of `{{shared}}` and `{{name}}`: {{step}} {{terms}}.',
} as const;

/** What the live check says, on a body the server sent: a table apart, so that the guard's bundle carries none of the lint's words. */
const LIVE_MESSAGES = {
  liveNoSteps: 'the response body has no `{{name}}`, so an agent cannot tell which call comes next. Send `{{name}}`: the calls that follow, each {{step}}.',
  liveEmptySteps:
    'the response body has an empty `{{name}}`, so an agent cannot tell which call comes next. Send `{{name}}`: the calls that follow, each {{step}}.',
} as const;
type Say = SayOf<typeof MESSAGES>;

/**
 * The steps as a message writes them, in the ruleset's names (`nextStepItem`): "[{ action, method, href,
 * description }]", and the terms ax-envelope-next-steps-shape asks of them, said wherever a step is proposed,
 * so that following the advice literally creates no finding of its own.
 */
function stepWords(say: Say, options: Options): { step: Said; terms: Said } {
  const fields = namesFor(options, 'nextStepItem');
  return { step: say('stepList', { fields: fields.join(', ') }), terms: say('stepTerms', { method: fields[1] }) };
}
const JSON_API_LINKS = 'links';
const isJsonApi = (mediaType: string) => baseMediaType(mediaType) === 'application/vnd.api+json';

/** "an array", "a string", "a map of integer values": what a body that has no room for properties is. */
function kindOf(doc: OpenApiDocument, say: Say, view: ObjectView): Said {
  const values = mapValueType(doc, view);
  if (values !== undefined) return say('mapKind', { type: values });
  const type = view.types?.[0] ?? 'value';
  return say(/^[aeiou]/.test(type) ? 'anKind' : 'aKind', { type });
}

/** A body with no room for a member of its own: not an object, or an object that is only a map of scalars. */
const hasNoRoom = (doc: OpenApiDocument, view: ObjectView): boolean => !isObjectView(view) || mapValueType(doc, view) !== undefined;

/** A string under `*\/*` is whatever the server relays (Kubernetes' proxy and exec endpoints): no envelope can wrap it. */
function isOpaque(body: Body, views: readonly ObjectView[] | undefined): boolean {
  return (
    baseMediaType(body.mediaType) === '*/*' &&
    views !== undefined &&
    views.length > 0 &&
    views.every(view => view.types?.length === 1 && view.types[0] === 'string')
  );
}

/**
 * The shared step schema the fix declares once, in the ruleset's names: the four members required and the
 * method an HTTP method, as ax-envelope-next-steps-shape asks, so that following the fix creates no finding of its own.
 */
function nextStepSchema(fields: readonly string[]): JsonObject {
  const [action, method, href, description] = fields;
  return {
    type: 'object',
    required: [...fields],
    properties: {
      [action]: { type: 'string', description: 'What the call does, for the agent to choose by.' },
      [method]: { type: 'string', enum: [...STEP_METHODS] },
      [href]: { type: 'string', description: 'The concrete URL to call, base path included.' },
      [description]: { type: 'string' },
    },
  };
}

/**
 * Declares `name` as a list of the shared `NextStep` in each lacking view (or, when other responses share
 * the schema, in an envelope for the mutations' responses alone), and `NextStep` itself where the document
 * keeps its schemas.
 */
function nextStepsEdits(doc: OpenApiDocument, views: readonly ObjectView[], name: string, audience: Audience, fields: readonly string[]): Edit[] | undefined {
  const home = doc.isSwagger2 ? ['definitions', 'NextStep'] : ['components', 'schemas', 'NextStep'];
  const declared = ensureEdit(doc, home, nextStepSchema(fields));
  const properties = propertyEdits(doc, views, name, { type: 'array', items: { $ref: `#/${home.join('/')}` } }, false, audience);
  // A schema that composes the edited one and declares its own steps would then hold two, maybe conflicting: a person's call.
  const declaresSteps = (schema: JsonObject) => (viewsOf(doc, schema, undefined) ?? []).some(view => view.properties.has(name));
  if (properties?.some(edit => composedWith(doc, edit.target).some(declaresSteps))) return undefined;
  // An existing `NextStep` of the API's own is referenced as it is.
  const existing = declared === undefined && valueAt(doc.root, home) !== undefined;
  return properties === undefined || (declared === undefined && !existing) ? undefined : [...properties, ...(declared === undefined ? [] : [declared])];
}

/**
 * What one 2xx body lacks (nothing, when every shape declares nextSteps or, unless turned off, callable
 * links or is itself a callable link), and the edits when mechanical.
 */
function problem(
  doc: OpenApiDocument,
  say: Say,
  body: Body,
  audience: Audience,
  names: readonly string[],
  options: Options,
  withLocation: boolean,
  maybeRead: string | undefined,
): { what: Said; edits?: LazyEdits; onResponse?: boolean } | undefined {
  const views = viewsOf(doc, body.schema!.value, body.schema!.location);
  if (isOpaque(body, views)) return undefined;
  const { step, terms } = stepWords(say, options);
  const collectionNames = namesFor(options, 'linkCollection');
  const lacking = viewsLacking(views, names).filter(
    view =>
      options.hypermedia === false ||
      (selfLink(view, withLocation) !== 'callable' &&
        !linkCollections(doc, view, collectionNames).some(collection => collection.callable) &&
        !declaresPageLinks(doc, view, collectionNames) &&
        !declaresMethodLinks(doc, view)),
  );
  if (lacking.length === 0) return undefined;
  const [name] = names;
  // The operation's to mark, not the schema's to change: said on the response.
  if (maybeRead !== undefined) return { what: say('mayOnlyRead', { name, evidence: maybeRead, add: say('addForNextCalls', { name }) }), onResponse: true };
  const scalar = lacking.find(view => hasNoRoom(doc, view));
  if (scalar !== undefined) {
    return {
      what: say('noRoomForSteps', {
        kind: kindOf(doc, say, scalar),
        name,
        data: scalar.types?.includes('array') ? '[…]' : isObjectView(scalar) ? '{…}' : '…',
        step,
      }),
      // The wrapper is this response's: a schema that others answer too keeps its shape for them.
      onResponse: true,
    };
  }
  const several = views!.length > 1;
  const shapes = { count: lacking.length, total: views!.length };
  // A body that is a link without a method: the link schema is shared (a `Link` used in many places), so it is a person's to change.
  if (options.hypermedia !== false && lacking.some(view => selfLink(view, withLocation) === 'href')) {
    return { what: several ? say('linksWithoutMethodInShapes', { ...shapes, name, step, terms }) : say('linkWithoutMethod', { name, step, terms }) };
  }
  const links = options.hypermedia === false ? undefined : lacking.flatMap(view => linkCollections(doc, view, collectionNames))[0];
  if (links !== undefined) {
    const words = { links: links.name, name, step, terms };
    return { what: several ? say('linkCollectionWithoutMethodInShapes', { ...shapes, ...words }) : say('linkCollectionWithoutMethod', words) };
  }
  // JSON:API allows no top-level member of its own: its next calls go in its `links`, each with a method.
  if (options.hypermedia !== false && isJsonApi(body.mediaType) && collectionNames.includes(JSON_API_LINKS)) {
    const words = { links: JSON_API_LINKS };
    return { what: several ? say('jsonApiWithoutNextCallInShapes', { ...shapes, ...words }) : say('jsonApiWithoutNextCall', words) };
  }
  const envelope = envelopeFor(doc, lacking, audience, name);
  // A member named like links that gives no call may be the steps under the API's own name: asked, and left to a person.
  const lookalike =
    options.hypermedia === false ? undefined : lacking.map(view => linkLookalike(doc, view, collectionNames)).find(found => found !== undefined);
  if (lookalike !== undefined) {
    const add =
      envelope === undefined ? say(several ? 'addStepsInShapes' : 'addSteps', { name, step, terms }) : say('answerEnvelope', { shared: envelope.shared, name });
    return {
      what: say(lookalike.lacks === 'href' ? 'lookalikeWithoutHref' : 'lookalikeWithoutMethod', { name, lookalike: lookalike.name, add }),
      onResponse: envelope !== undefined,
    };
  }
  // A member that may itself be the next call (a presigned upload URL): asked, and left to a person.
  const nextCall = lacking.map(view => nextCallMember(doc, view)).find(found => found !== undefined);
  if (nextCall !== undefined) {
    // A schema that reads share keeps its envelope advice: the steps, if any, are these responses' own.
    const add = envelope === undefined ? say('addName', { name }) : say('answerEnvelope', { shared: envelope.shared, name });
    return { what: say('bodyIsNextCall', { name, member: nextCall.name, evidence: nextCall.evidence, step, terms, add }), onResponse: envelope !== undefined };
  }
  // A schema that reads or requests share gets the steps in an envelope for this response only (`fix` declares it).
  const words = { name, step, terms };
  const what =
    envelope !== undefined
      ? say('noStepsAnswerEnvelope', { ...words, shared: envelope.shared })
      : several
        ? say('noStepsInShapes', { ...shapes, ...words })
        : say('noSteps', { ...words, mediaType: body.mediaType });
  return {
    what,
    edits: () => nextStepsEdits(doc, lacking, name, audience, namesFor(options, 'nextStepItem')),
    // An envelope is this response's own; else the fix is the schema's, one for all the mutations that answer it.
    onResponse: envelope !== undefined,
  };
}

const ID = 'ax-envelope-next-steps';
const sayLive = /* @__PURE__ */ sayOf(LIVE_MESSAGES);

/** Live, as the lint: a 2xx answer to a mutation (the rule's own scope, lib/semantics/scope.ts) tells the agent which call comes next. */
export const live = {
  rule: ID,
  at: status => isEnvelopeStatus(String(status)),
  check: exchange => {
    const { description, operation, body, names, prefixes, readOnly, hypermedia } = exchange;
    if (!asksNextSteps(description.doc, operation, { ...names, prefixes, readOnly })) return [];
    // Steps sent answer the rule whatever links the body holds: the links are sought only in a body without them (most send steps).
    const steps = isObject(body)
      ? namesFor(names, 'nextSteps')
          .map(key => body[key])
          .find(value => value !== undefined)
      : undefined;
    if (steps !== undefined && (!Array.isArray(steps) || steps.length > 0)) return [];
    // As the rule: links that each carry an href and a method list the next calls too, unless `hypermedia: false`;
    // so do links that carry their methods (Vimeo's `{ uri, options }`), and a body that is an href beside a `Location` header.
    const callable =
      hypermedia !== false &&
      (liveSelfLink(body, sentHeader(exchange.headers(), ['Location'])) === 'callable' ||
        hasCallableLinks(body, namesFor(names, 'linkCollection')) ||
        liveMethodLinks(body));
    if (callable) return [];
    return [sayLive(steps === undefined ? 'liveNoSteps' : 'liveEmptySteps', { name: firstName(names, 'nextSteps'), step: stepFields(names) })];
  },
} satisfies Live;

/** ax-envelope-next-steps: every 2xx body of a mutation tells the agent its next legal calls. */
export default /* @__PURE__ */ defineRule({
  id: ID,
  description: 'Every 2xx response of a mutation declares `nextSteps`, the next legal calls.',
  severity: 'error',
  recommended: true,
  principle: {
    label: 'nextSteps',
    scope: 'mutations with a 2xx response that has a JSON schema (204 and 205 excluded)',
    fixSite: 'success schema',
    fix: 'add `nextSteps` to the success schema',
  },
  scope: { operations: asksNextSteps, responses: isEnvelopeStatus, holds: 'JSON schema' },
  live,
  // The link collections the probe takes for next calls are this rule's: no other rule reads `linkCollection`.
  probe: { reads: ['links'] },
  // Object.assign rather than a spread: a call the bundler may drop (`@__PURE__`) with the definition.
  options: /* @__PURE__ */ ruleOptions<Options>(
    /* @__PURE__ */ Object.assign(/* @__PURE__ */ nameOptionsSchema('nextSteps', 'nextStepItem', 'linkCollection'), {
      prefixes: { type: 'array', items: { type: 'string' } },
      readOnly: { type: 'array', items: { type: 'string', minLength: 1 } },
      hypermedia: { type: 'boolean' },
    }),
  ),
  messages: /* @__PURE__ */ withLive(MESSAGES, LIVE_MESSAGES),
  lint: ({ doc, options, operations, say }) => {
    const names = namesFor(options, 'nextSteps');
    const findings: Finding[] = [];
    const asked = operations
      .filter(operation => asksNextSteps(doc, operation, options))
      .flatMap(operation => doc.responses(operation).flatMap((response: Response) => (isEnvelopeStatus(response.status) ? [{ operation, response }] : [])));
    // A member for these responses may go into a schema only they use.
    const regions = asked.map(({ response }) => response.at);
    for (const { operation, response } of asked) {
      // A read-like name overruled by the operation's own declarations: the message says why it is judged a change.
      const read = readEvidence(doc, operation, options);
      const overruled = read === undefined ? undefined : overruledWording(read);
      const withLocation = headerNamed(doc.headers(response), ['Location']) !== undefined;
      const maybeRead = mayOnlyRead(doc, operation, options);
      for (const body of doc.jsonBodies(operation, response)) {
        const found =
          body.schema === undefined
            ? undefined
            : problem(doc, say, body, { body, at: response.at, regions, ownResponse: true }, names, options, withLocation, maybeRead);
        if (found === undefined) continue;
        const what = about(found.what, 'nextSteps');
        // Why a read-like operation is judged a change is its own: said on it.
        if (overruled !== undefined || found.onResponse === true)
          findings.push({
            said: what,
            subject: `${label(operation, response)}${overruled === undefined ? '' : `, ${overruled}`}`,
            path: placeIn(response, body.schema!.location),
            edits: found.edits,
          });
        else
          findings.push(
            responseFinding(operation, response, what, [doc.resolve(body.schema!.value, body.schema!.location)?.location, body.schema!.location], {
              edits: found.edits,
            }),
          );
      }
    }
    return findings;
  },
});
