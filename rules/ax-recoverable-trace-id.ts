/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableTraceId from '../functions/recoverableTraceId';
import { RESPONSES } from '../lib/rules/scope';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-trace-id',
  description: 'Every 5xx and default error schema declares a correlation id.',
  severity: 'warn',
  recommended: true,
  function: recoverableTraceId,
  principle: {
    id: 'trace-id',
    label: 'trace id',
    scope: 'operations with a 5xx (or default) error response that has a JSON schema',
    applies: { responses: RESPONSES['ax-recoverable-trace-id'], holds: 'error schema' },
    fixSite: 'error schema',
    fix: 'add a correlation id (`trace_id`)',
  },
});
