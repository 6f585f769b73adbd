/**
 * The probe's own findings (`ax-probe-*`, docs/probe/), declared as a rule declares its messages: every finding the
 * probe reports is a template's id and data, said with the same `sayOf`, its sentence after `METHOD /path status: `.
 * `fault` is what the fault did to the input (`left out`, `set to -1`), as the request builder says it.
 */
import { sayOf } from '../../lib/findings/messages';

export const PROBE_MESSAGES = {
  undeclaredStatus:
    "the description declares no `{{status}}` (nor `{{family}}XX` or `default`) for this operation, so an agent cannot know this body. Declare it under the operation's responses.",
  // A step or link of a 2xx answer that cannot be followed: the href rule's own words (ax-envelope-next-steps-href's live phrase).
  staleHref: '{{problem}}',
  staleAnswer:
    '{{kind}} `{{at}}` sends {{method}} {{href}}, which answers {{status}}, so an agent following it is stuck. Offer a {{kind}} only when the record can take it.',
  serverError:
    'a request with `{{input}}` {{fault}} {{outcome}}, so an agent cannot tell its mistake from an outage. Validate the input and answer 400 or 422 naming `{{field}}`.',
  unknownIdNot404:
    'a request with `{{input}}` {{fault}} answered {{status}}, not 404, so an agent takes the id for malformed rather than unknown. Answer 404 with a code (e.g. "NOT_FOUND") and a message naming the id.',
  unknownIdUnexplained:
    'a request with `{{input}}` {{fault}} got no error code and message, so an agent cannot tell an unknown id from a wrong route. Send a code (e.g. "NOT_FOUND") and a message naming the id.',
  namesNoField:
    'the error for a request with `{{input}}` {{fault}} names no field, so an agent cannot tell which input to fix. Name it, e.g. `field: "{{field}}"` or `errors[].field`.',
  wrongField: 'the error for a request with `{{input}}` {{fault}} {{named}}, so an agent fixes the wrong input. Name the field that failed.',
  namesUntaken: 'names `{{locator}}`, which the operation does not take',
  namesOther: 'names `{{locator}}`, not the input that was wrong',
  repairFails:
    "after the error for a request with `{{input}}` {{fault}}, the repaired request (`{{field}}` {{set}}) still {{outcome}}. Make the error's values ones the API accepts.",
  leftOut: 'left out',
  setFrom: 'set to {{value}} from {{from}}',
  suggestedBy: 'its `{{name}}`',
  firstAllowed: 'the first of its `{{name}}`',
  fromDescription: 'the description',
  answered: 'answered {{status}}',
  gotNoAnswer: 'got no answer ({{why}})',
  answers: 'answers {{status}}',
  getsNoAnswer: 'gets no answer ({{why}})',
} as const;

export const sayProbe = sayOf(PROBE_MESSAGES);
