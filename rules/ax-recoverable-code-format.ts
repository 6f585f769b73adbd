/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableCodeFormat from '../functions/recoverableCodeFormat';
import { isErrorStatus } from '../lib/document/document';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-code-format',
  description: 'Error codes follow one convention across the document; problem `type` URIs are stable names, not prose.',
  severity: 'info',
  recommended: false,
  function: recoverableCodeFormat,
  principle: {
    id: 'code-format',
    label: 'code format',
    scope: 'operations with an error response that has a JSON schema',
    applies: { responses: isErrorStatus, holds: 'error schema' },
    fixSite: 'error schema',
    fix: 'write every error code in one convention (SCREAMING_SNAKE or kebab-case)',
  },
});
