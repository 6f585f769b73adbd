/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableVagueMessage from '../functions/recoverableVagueMessage';
import { isErrorStatus } from '../lib/document/document';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-vague-message',
  description: 'Error examples and error descriptions avoid text an agent cannot act on ("Something went wrong").',
  severity: 'warn',
  recommended: false,
  function: recoverableVagueMessage,
  principle: {
    id: 'actionable-messages',
    label: 'actionable messages',
    scope: 'operations with an error response (4xx, 5xx, default)',
    applies: { responses: isErrorStatus, holds: 'response' },
    fixSite: 'response',
    fix: 'say what went wrong and how to fix it instead of the vague text',
  },
});
