/**
 * A success body is not the API's error schema (issue 38, eighth sample: Circuit's `Conversation`, the body of the one 409,
 * "a conversation already exists", and of its 200s): a response without a body is offered the generic `{ code, message }`,
 * while an API whose one error schema only error responses declare is still offered it.
 */
import { runRuleSaid } from './support/testRule';
import { body, oas3, ref } from './support/documents';

const RULE = 'ax-recoverable-error-schema';
const CONVERSATION = {
  type: 'object',
  required: ['convId'],
  properties: { convId: { type: 'string' }, topic: { type: 'string' }, message: { type: 'string', description: 'The last message.' } },
};
const ERROR = { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } };
const action = (responses: object) => ({ post: { 'x-ax-retryable': false, 'x-ax-idempotent': false, responses } });

/** `POST /conversations/direct` answers its 409 with the existing `Conversation`; the topic change's 400 declares no body. */
const circuit = (conflict: object, success: object = { '200': body(ref('Conversation'), 'application/json', 'The conversation.') }, schemas = {}) =>
  oas3(
    {
      '/conversations/direct': action({ ...success, '409': conflict }),
      '/spaces/{spaceId}/topic': action({ '200': { description: 'Changed.' }, '400': { description: 'Bad request.' } }),
    },
    { schemas: { Conversation: CONVERSATION, ...schemas } },
  );
const existing = body(ref('Conversation'), 'application/json', 'A conversation between these users already exists.');
const TOPIC = ['paths', '/spaces/{spaceId}/topic', 'post', 'responses', '400'];
const GENERIC =
  'POST /spaces/{spaceId}/topic 400: the error response declares no body. Add `content: { application/json: { schema } }`: an object schema requiring a `code` and a `message`.';

const messagesOf = async (document: object) => (await runRuleSaid(RULE, document)).map(({ path, message }) => [path, message]);

describe("a success body is not offered as the API's only error schema", () => {
  test('a 409 returning the existing resource, which a 200 returns too: the generic fix', async () => {
    expect(await messagesOf(circuit(existing))).toEqual([[TOPIC, GENERIC]]);
  });

  test('a 409 returning the existing resource, no 2xx declaring it: the generic fix', async () => {
    expect(await messagesOf(circuit(existing, { '201': { description: 'Created.' } }))).toEqual([[TOPIC, GENERIC]]);
  });

  test('a 2xx body also declared by a plain 409: the generic fix', async () => {
    expect(await messagesOf(circuit(body(ref('Conversation'), 'application/json', 'Conflict.')))).toEqual([[TOPIC, GENERIC]]);
  });

  test('the one error schema, declared only by an error response: still offered', async () => {
    const document = circuit(body(ref('Error'), 'application/json', 'Conflict.'), undefined, { Error: ERROR });
    expect(await messagesOf(document)).toEqual([
      [
        TOPIC,
        "POST /spaces/{spaceId}/topic 400: the error response declares no body. Add the API's only error schema (on its 409 responses), `content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } }`, requiring `code` and `message`.",
      ],
    ]);
  });
});
