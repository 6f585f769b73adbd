/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import envelopeNextStepsShape from '../functions/envelopeNextStepsShape';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-envelope-next-steps-shape',
  description: 'Wherever `nextSteps` is declared, it is an array of steps requiring action, method (an HTTP method), href and description.',
  severity: 'error',
  recommended: true,
  function: envelopeNextStepsShape,
  principle: {
    id: 'next-steps-shape',
    label: 'nextSteps shape',
    scope: 'operations with a JSON response schema that declares `nextSteps`',
    applies: { holds: { concept: 'nextSteps', in: 'schema' } },
    fixSite: 'success schema',
    fix: 'make `nextSteps` an array of items requiring `action`, `method`, `href`, `description`',
  },
});
