/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableNoHtmlErrors from '../functions/recoverableNoHtmlErrors';
import { isErrorStatus } from '../lib/document/document';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-no-html-errors',
  description: 'No error response offers an HTML page.',
  severity: 'error',
  recommended: true,
  function: recoverableNoHtmlErrors,
  principle: {
    id: 'json-errors',
    label: 'JSON errors',
    scope: 'operations with an error response that has a body',
    applies: { responses: isErrorStatus, holds: 'body' },
    fixSite: 'response',
    fix: 'serve the error as JSON, not as an HTML page or plain text only',
  },
});
