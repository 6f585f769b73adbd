/**
 * The error payloads of the sources (the AX Spec, the Geodocs specification, the Agent Recovery guide), each as the schema a team would write for it and
 * as the example it documents, so that the recoverable-error rules are tested against the sources.
 */

const string = { type: 'string' };
const boolean = { type: 'boolean' };
const integer = { type: 'integer' };

/** A response offering `schema` with `example` under one JSON media type. */
export function errorResponse(schema: unknown, example?: unknown, mediaType = 'application/json', description = 'Error'): object {
  return { description, content: { [mediaType]: example === undefined ? { schema } : { schema, example } } };
}

/** The AX Spec, R5: the Error schema, with its field errors (R6). */
export const AX_SPEC_ERROR = {
  type: 'object',
  required: ['error_code', 'message'],
  properties: {
    error_code: string,
    message: string,
    suggestion: string,
    retryable: boolean,
    details: { type: 'array', items: { $ref: '#/components/schemas/FieldError' } },
  },
};
export const AX_SPEC_FIELD_ERROR = { type: 'object', properties: { field: string, code: string, message: string } };
export const AX_SPEC_EXAMPLE = {
  error_code: 'VALIDATION_ERROR',
  message: 'Request validation failed',
  details: [
    { field: 'amount', code: 'INVALID_VALUE', message: 'must be greater than 0' },
    { field: 'currency', code: 'INVALID_ENUM', message: 'must be one of: USD, EUR, GBP' },
  ],
  suggestion: 'Fix the indicated fields and retry',
  retryable: false,
};

/** The Geodocs specification: the canonical single `error` envelope. */
export const GEODOCS_ENVELOPE = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'hint', 'retryable', 'severity'],
      properties: {
        code: string,
        message: string,
        field: { type: ['string', 'null'] },
        allowed_values: { type: ['object', 'array', 'null'] },
        hint: string,
        retryable: boolean,
        retry_after_ms: integer,
        severity: { type: 'string', enum: ['info', 'warning', 'error', 'fatal'] },
        category: { type: 'string', enum: ['validation', 'auth', 'rate_limit', 'state', 'dependency', 'internal'] },
        request_id: string,
        docs_url: string,
      },
    },
  },
};
export const GEODOCS_EXAMPLE = {
  error: {
    code: 'RATE_LIMITED',
    message: 'Too many requests.',
    field: null,
    allowed_values: null,
    hint: 'Wait 1500 ms before retrying.',
    retryable: true,
    retry_after_ms: 1500,
    severity: 'error',
    category: 'rate_limit',
    request_id: 'req_01J',
  },
};

/** The Agent Recovery guide: RFC 9457 problem details with the agent-recovery members. */
export const RECOVERY_GUIDE_PROBLEM = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'is_retriable'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: string,
    status: integer,
    detail: string,
    is_retriable: boolean,
    retry_after_seconds: integer,
    suggestions: { type: 'array', items: string },
    trace_id: string,
    invalid_fields: {
      type: 'array',
      items: { type: 'object', required: ['field', 'reason'], properties: { field: string, reason: string, expected: string, received: string } },
    },
  },
};
export const RECOVERY_GUIDE_VALIDATION_EXAMPLE = {
  type: 'https://api.example.com/errors/validation-error',
  title: 'Validation failed',
  status: 422,
  detail: 'The request body contains 1 validation error.',
  is_retriable: true,
  invalid_fields: [{ field: '/due_date', reason: 'Must be a future date', received: '2024-01-01' }],
  suggestions: ["Change 'due_date' to a date after today"],
};
/** The Agent Recovery guide, pattern 3: a precondition 422 names the state, not a field. */
export const RECOVERY_GUIDE_PRECONDITION = {
  type: 'object',
  required: ['type', 'title', 'detail', 'is_retriable'],
  properties: {
    type: string,
    title: string,
    detail: string,
    is_retriable: boolean,
    suggestions: { type: 'array', items: string },
    required_status: string,
    current_status: string,
  },
};
export const RECOVERY_GUIDE_INTERNAL_EXAMPLE = {
  type: 'https://api.example.com/errors/internal-error',
  title: 'Internal server error',
  status: 500,
  detail: 'An unexpected error occurred processing this request.',
  trace_id: '01HV3K8MNP2QRS3TUVWX',
  is_retriable: true,
  retry_after_seconds: 5,
};

/** The AX Spec’s bad R1 payload: `{"error": "Bad Request"}`. */
export const BAD_REQUEST_STRING = { type: 'object', properties: { error: string } };
/** The Agent Recovery guide’s wrong 500: an exception name, its message and a stack trace. */
export const STACK_TRACE_500 = { type: 'object', properties: { error: string, message: string, stack: string } };
export const STACK_TRACE_500_EXAMPLE = {
  error: 'NullPointerException',
  message: "Cannot read property 'amount' of undefined",
  stack: 'at InvoiceService.finalize (invoice-service.js:142:23)',
};
