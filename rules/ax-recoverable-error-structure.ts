/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { describeViews, errorSchemas, judgeOnce, responseExtension, schemaOfExample, type ErrorSchema, type Problem } from '../lib/errors/error-bodies';
import { type Carrier, CODE_AND_MESSAGE, type CodeOrMessage, type Found } from '../lib/errors/shape-table';
import {
  carrierAnswer,
  memberNames,
  nestedAnswer,
  passedOver,
  schemaAnswer,
  schemaCarriers,
  schemaLikely,
  undeclaredExampleMember,
  type SchemaNode,
} from '../lib/errors/schema-shapes';
import { composedWith, errorAudience, membersEdits, namedSchema, propertyEdits, requiredEdits, type Audience, type Edit } from '../lib/findings/edits';
import {
  apiMemberName,
  askAbout,
  carrierName,
  documentsProblemDetails,
  exampleCode,
  inStyleOf,
  insideOf,
  passedOverClause,
  placeOf,
  problemTypeOf,
  schemaExampleCode,
} from '../lib/errors/error-wording';
import { isObject, toPointer, type JsonObject, type Located, isErrorStatus } from '../lib/document/document';
import { viewsOf, type ObjectView } from '../lib/document/schema';
import { nameList, nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { mustThenSend } from '../lib/findings/rule-function';
import { sayOf, withLive } from '../lib/findings/messages';
import { firstName, type Live } from '../lib/envelope/live';
import type { Scope } from './applicability';
import { defineRule, ruleOptions } from './declaration';

const STRING = { type: 'string' };
/** A member a fix declares: its name and schema. */
type NewMember = { name: string; schema: JsonObject };
const CONCEPTS = ['errorCode', 'message', 'statusCode', 'errorIdentifier', 'errorList'] as const;
type Options = NameOptions<(typeof CONCEPTS)[number]>;

/** How one carrier holds a code or a message: met (undefined), missing, declared but not required, or only likely (`internalCode`). */
type State = undefined | { kind: 'missing' } | { kind: 'optional'; name: string } | { kind: 'likely'; found: Found<SchemaNode> };

/** How one carrier holds the code and the message R1 asks for. */
interface Holding extends Record<CodeOrMessage, State> {
  carrier: Carrier<SchemaNode>;
}

const MESSAGES = {
  notRequired: 'does not require {{names}}',
  addMembers: 'Add {{members}}{{place}}',
  requireMembers: 'Require {{names}} in {{carrier}}',
  requiredCode: 'a required `{{name}}` (e.g. {{example}})',
  requiredSentCode: 'a required `{{name}}`, the code its example sends ("{{value}}")',
  requiredMessage: 'a required `{{name}}`',
  requiredSentMessage: 'a required `{{name}}`, as its example sends',
  // After the question of lib/errors/error-wording.ts's `askAbout`: "If `reason` is the code, describe it so".
  askOrAdd: '{{ask}}; else add {{member}}',
  askToRequireOrAdd: '{{ask}} and require it; else add {{member}}',
  codeConcept: 'code',
  messageConcept: 'message',
  exampleIsApiSchema: "has no code and no message, and its example is the API's `{{name}}` ({{members}})",
  answerApiSchema: "Answer `$ref: '{{ref}}'` instead.",
} as const;

/**
 * What the live check says, on a body the server sent: a table apart, so that the guard's bundle carries none of the
 * lint's words. The defect is the lint's own phrase (`noCode`, …, said by both), the fix what to send.
 */
const LIVE_MESSAGES = {
  noCodeNoMessage: 'has no code and no message',
  noCode: 'has no code',
  noMessage: 'has no message',
  liveNoCodeNoMessage:
    'the error body {{lacks}}, so an agent cannot tell what failed. Send a stable `{{code}}` (e.g. "{{example}}") and a one-sentence `{{message}}`.',
  liveNoCode: 'the error body {{lacks}}, so an agent cannot tell what failed. Send a stable `{{code}}` (e.g. "{{example}}").',
  liveNoMessage: 'the error body {{lacks}}, so an agent cannot tell what failed. Send a one-sentence `{{message}}`.',
} as const;

const score = (holding: Holding) => CODE_AND_MESSAGE.filter(question => holding[question]?.kind !== 'missing').length;
const optionalNames = (states: State[]) => states.flatMap(state => (state?.kind === 'optional' ? [`\`${state.name}\``] : []));

/** The responses the rule reads, every error status: the runtime guard reads them too (runtime/checks.ts), importing this alone, not the lint. */
export const scope = { responses: isErrorStatus, holds: 'error schema' } satisfies Scope;

const ID = 'ax-recoverable-error-structure';
const sayLive = /* @__PURE__ */ sayOf(LIVE_MESSAGES);

/** Live, on every error status (the rule's `scope`): an error body has a code and a message. */
export const live = {
  rule: ID,
  at: status => scope.responses(String(status)),
  check: exchange => {
    const { response, status, names } = exchange;
    // The AX convention lets the description carry the code as a response extension.
    const code = exchange.answers('errorCode') || (response !== undefined && responseExtension(response, 'x-ax-error-code') !== undefined);
    const message = exchange.answers('message');
    if (code && message) return [];
    const codeWords = { code: firstName(names, 'errorCode'), example: exampleCode(String(status)) };
    const messageWords = { message: firstName(names, 'message') };
    if (!code && !message)
      return [sayLive('liveNoCodeNoMessage', { lacks: sayLive('noCodeNoMessage', { concept: ['errorCode', 'message'] }), ...codeWords, ...messageWords })];
    return [
      !code
        ? sayLive('liveNoCode', { lacks: sayLive('noCode', { concept: 'errorCode' }), ...codeWords })
        : sayLive('liveNoMessage', { lacks: sayLive('noMessage', { concept: 'message' }), ...messageWords }),
    ];
  },
} satisfies Live;

/** ax-recoverable-error-structure: every error body has a required machine-readable code and a required message (R1), wherever its shape keeps them. */
export default /* @__PURE__ */ defineRule({
  id: ID,
  description: 'Every error schema has a required machine-readable code and a required message.',
  severity: 'error',
  recommended: true,
  principle: {
    label: 'error structure',
    scope: 'operations with an error response that has a JSON schema',
    fixSite: 'error schema',
    fix: 'require a machine-readable `code` and a `message`',
  },
  scope,
  live,
  // The code and message the probe reads of an error (an unknown id's 404, a refused first try) are this rule's question.
  probe: { reads: ['error'] },
  options: /* @__PURE__ */ ruleOptions<Options>(/* @__PURE__ */ nameOptionsSchema(CONCEPTS)),
  messages: /* @__PURE__ */ withLive(MESSAGES, LIVE_MESSAGES),
  lint: ({ doc, options, operations, say, statuses }) => {
    // A new code or message takes the name the API's other error schemas use for it (`errorCode`), unless the ruleset names one.
    const ownName = (question: CodeOrMessage) =>
      (options?.[question] === undefined ? apiMemberName(doc, question, options) : undefined) ?? namesFor(options, question)[0];
    const codeName = ownName('errorCode');
    const messageName = ownName('message');

    /** The best candidate judged: a clear one before a likely one, a required one before another. */
    const stateOf = (carrier: Carrier<SchemaNode>, question: CodeOrMessage): State => {
      const required = carrierAnswer(doc, carrier, question, options, true);
      const best = carrierAnswer(doc, carrier, question, options);
      if (best === undefined) {
        const nested = nestedAnswer(doc, carrier, question, options);
        return nested === undefined ? { kind: 'missing' } : { kind: 'likely', found: nested };
      }
      if (best.certainty === 'clear') return required?.certainty === 'clear' ? undefined : { kind: 'optional', name: best.name };
      return { kind: 'likely', found: required ?? best };
    };

    // A problem `type` the API documents (RFC 9457) is a URI, not an identifier.
    const exampleOf = (name: string, code: string) => (name === 'type' && documentsProblemDetails(doc) ? problemTypeOf(code) : code);

    /** A member that may be the code but is this carrier's message too (a lone string `error`) is the message: the code is missing. */
    const codeState = (carrier: Carrier<SchemaNode>): State => {
      const state = stateOf(carrier, 'errorCode');
      if (state?.kind !== 'likely') return state;
      return carrierAnswer(doc, carrier, 'message', options)?.name === state.found.name ? { kind: 'missing' } : state;
    };

    const describe = (target: ErrorSchema, view: ObjectView, holding: Holding, examples: readonly Located[], ownRef: unknown): Problem => {
      const status = target.response.status;
      const { carrier, errorCode: code, message } = holding;
      // A code or message the examples already send under an undeclared name is declared as it is, not added a second time.
      const sent = (question: CodeOrMessage) =>
        holding[question]?.kind === 'missing' && carrier.kind === 'body' ? undeclaredExampleMember(examples, view, question, options) : undefined;
      const sentCode = sent('errorCode');
      const sentMessage = sent('message');
      // The API's own name, unless this body already uses it for something else (Slack's `error` as a message, a `code`
      // that echoes the HTTP status): then the first canonical name it does not use, in its style (`errorCode`).
      const members = memberNames(carrier);
      const taken = (name: string) => members.some(member => member.toLowerCase() === name.toLowerCase());
      const own = (name: string, question: CodeOrMessage) =>
        taken(name)
          ? inStyleOf(
              members,
              namesFor(options, question).filter(other => !taken(inStyleOf(members, [other]))),
            )
          : name;
      const newCode = own(codeName, 'errorCode');
      const newMessage = own(messageName, 'message');
      // Declared with the value the example sends, so that the rule reads it as a code (an identifier), as it asks.
      const codeAs = sentCode === undefined ? { name: newCode, schema: STRING } : { name: sentCode.name, schema: { ...STRING, example: sentCode.value } };
      // So too the message, when the example sends one under a name of its own (DigitalNZ's string `errors`).
      const messageAs =
        sentMessage === undefined ? { name: newMessage, schema: STRING } : { name: sentMessage.name, schema: { ...STRING, example: sentMessage.value } };
      const add = {
        errorCode:
          sentCode === undefined
            ? say('requiredCode', { name: newCode, example: exampleOf(newCode, schemaExampleCode(doc, status, ownRef)) })
            : say('requiredSentCode', { name: sentCode.name, value: String(sentCode.value) }),
        message: sentMessage === undefined ? say('requiredMessage', { name: newMessage }) : say('requiredSentMessage', { name: sentMessage.name }),
      };
      const missed = CODE_AND_MESSAGE.filter(question => holding[question]?.kind === 'missing');
      const missing = missed.map(question => add[question]);
      const optional = optionalNames([code, message]);
      const likely = CODE_AND_MESSAGE.flatMap(question => {
        const state = holding[question];
        return state?.kind === 'likely'
          ? [{ question, found: state.found, ask: askAbout(state.found, say(question === 'errorCode' ? 'codeConcept' : 'messageConcept'), false) }]
          : [];
      });
      const what = [
        code?.kind === 'missing' && message?.kind === 'missing'
          ? say('noCodeNoMessage')
          : code?.kind === 'missing'
            ? say('noCode')
            : message?.kind === 'missing'
              ? say('noMessage')
              : undefined,
        optional.length > 0 ? say('notRequired', { names: optional.join(' or ') }) : undefined,
        ...likely.map(({ ask }) => ask.what),
      ].filter(part => part !== undefined);
      const passed = passedOverClause(missed.flatMap(question => passedOver(doc, view, question, options)));
      // Uncertain evidence asks: the member is the schema's own if its owner says so (a description, `required`), else one is added; no edit.
      const fixes = [
        missing.length > 0 ? say('addMembers', { members: missing.join(' and '), place: placeOf(carrier) }) : undefined,
        optional.length > 0 ? say('requireMembers', { names: optional.join(' and '), carrier: carrierName(carrier) }) : undefined,
        ...likely.map(({ question, found, ask }) =>
          say(found.required ? 'askOrAdd' : 'askToRequireOrAdd', { ask: ask.fix.replace(/; else$/, ''), member: add[question] }),
        ),
      ].filter(part => part !== undefined);
      const edits = likely.length > 0 ? undefined : () => editsFor(target, holding, codeAs, messageAs);
      // The members it requires, the server must send; a finding that asks leaves the whole change to a person (and stays short).
      const send = likely.length > 0 ? '' : mustThenSend(missing.length + optional.length === 1 ? 'it' : 'them', 'error handler');
      // What it finds missing, or asks about: the code, the message or both.
      const concept = [...missed, ...likely.map(({ question }) => question)];
      return { what: `${what.join(' and ')}${insideOf(carrier)}${passed}`, fix: `${fixes.join('. ')}${send}.`, edits, concept };
    };

    /**
     * A schema of neither code nor message whose example is one of the API's own error schemas (Xero's problem
     * example under its `Statements` schema): the advice is to answer that schema, rather than to copy its members.
     */
    const followedSchema = (target: ErrorSchema, view: ObjectView, examples: readonly Located[]): Problem | undefined => {
      const own = target.schema.value;
      const followed = schemaOfExample(doc, examples, view, isObject(own) ? own.$ref : undefined);
      if (followed === undefined) return undefined;
      const { ref } = followed.schema;
      // No edit: every rule judges the schema the response answers, so changing it is a person's call.
      return {
        what: say('exampleIsApiSchema', { name: ref.slice(ref.lastIndexOf('/') + 1), members: nameList(followed.keys, 'and') }),
        fix: say('answerApiSchema', { ref }),
        onResponse: true,
        concept: CODE_AND_MESSAGE,
      };
    };

    /** The same fix as edits: each missing member declared (a string) and required, each optional one required where it is declared. */
    const editsFor = (target: ErrorSchema, holding: Holding, codeAs: NewMember, messageAs: NewMember): Edit[] | undefined => {
      const views = holding.carrier.nodes.flatMap(node => node.views);
      const audience = errorAudience(doc, target);
      if (target.ownSchema !== undefined) return ownSchemaEdits(target, views, holding, [codeAs, messageAs], audience);
      const parts = (
        [
          [holding.errorCode, codeAs],
          [holding.message, messageAs],
        ] as const
      ).flatMap(([state, { name, schema }]) =>
        state === undefined || state.kind === 'likely'
          ? []
          : [state.kind === 'missing' ? propertyEdits(doc, views, name, schema, true, audience) : requiredEdits(doc, views, state.name, audience)],
      );
      if (parts.some(edits => edits === undefined)) return undefined;
      // A schema that composes an edited one and holds the code or message itself (SCIM's `scimType` beside a shared
      // `scim_error`) would then hold two: a person's call.
      const added = CODE_AND_MESSAGE.filter(question => holding[question]?.kind === 'missing');
      const composerHolds = (schema: JsonObject) =>
        (viewsOf(doc, schema, undefined) ?? []).some(view =>
          added.some(question => (schemaAnswer(doc, view, question, options) ?? schemaLikely(doc, view, question, options)) !== undefined),
        );
      return (parts.flat() as Edit[]).some(edit => composedWith(doc, edit.target).some(composerHolds)) ? undefined : (parts.flat() as Edit[]);
    };

    /**
     * The same fix in the errors' own schema, when a success answers the shared one (`StatusWithError`, an `allOf` of
     * `Status`): the missing members declared and every one required there, in one part.
     */
    const ownSchemaEdits = (
      target: ErrorSchema,
      views: ObjectView[],
      holding: Holding,
      added: readonly NewMember[],
      audience: Audience,
    ): Edit[] | undefined => {
      const states = CODE_AND_MESSAGE.map((question, i) => [holding[question], added[i]] as const);
      const missing = states.filter(([state]) => state?.kind === 'missing').map(([, member]) => member);
      const optional = states.flatMap(([state]) => (state?.kind === 'optional' ? [state.name] : []));
      const properties = Object.fromEntries(missing.map(({ name, schema }) => [name, schema]));
      return membersEdits(doc, views, { properties, required: [...missing.map(({ name }) => name), ...optional], audience, label: target.ownSchema!.label });
    };

    const once = judgeOnce();
    return errorSchemas(doc, operations, statuses).flatMap(target => {
      // The AX convention lets a response carry its code as the extension `x-ax-error-code` instead.
      const codeInExtension = responseExtension(target.response, 'x-ax-error-code') !== undefined;
      const examples = doc.jsonBodies(target.operation, target.response).find(body => body.mediaType === target.mediaType)?.examples ?? [];
      // Through an extension, the schema it extends (`Problem`, for a 409 answering `ProblemWithState`): their example code is one.
      const extended = target.site !== target.own && target.site !== undefined && namedSchema(doc, target.site) !== undefined;
      const ownRef = extended ? toPointer(target.site!) : isObject(target.schema.value) ? target.schema.value.$ref : undefined;
      const reads = [codeInExtension, target.response.status, ownRef, ...examples.map(example => example.value)];
      return describeViews(doc, target, view =>
        once(target, view, reads, () => {
          const holdings = schemaCarriers(doc, view, options).map(carrier => ({
            carrier,
            errorCode: codeInExtension ? undefined : codeState(carrier),
            message: stateOf(carrier, 'message'),
          }));
          if (holdings.some(holding => holding.errorCode === undefined && holding.message === undefined)) return undefined;
          const best = holdings.reduce((a, b) => (score(b) > score(a) ? b : a));
          const neither = best.carrier.kind === 'body' && best.errorCode?.kind === 'missing' && best.message?.kind === 'missing';
          return (neither ? followedSchema(target, view, examples) : undefined) ?? describe(target, view, best, examples, ownRef);
        }),
      );
    });
  },
});
