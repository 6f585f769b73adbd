import { wrongFlag } from '../lib/extensions';
import { isMutation } from '../lib/document';
import { label, ruleFunction, type Finding } from '../lib/rule-function';

const FLAG = 'x-ax-retryable';

/** ax-recoverable-retryable: every mutation says whether repeating it is safe (R3); the flag is a boolean wherever an operation carries it. */
export default ruleFunction<object>('recoverableRetryable', {}, ({ operations }) => {
  const findings: Finding[] = [];
  for (const operation of operations) {
    if (operation.node[FLAG] !== undefined) {
      const wrong = wrongFlag(operation, FLAG);
      if (wrong !== undefined) findings.push(wrong);
    } else if (isMutation(operation)) {
      findings.push({
        message: `${label(operation)}: no \`${FLAG}\`, so an agent cannot tell if retrying a failed call is safe. Add \`${FLAG}: false\` to the operation (\`true\` if a repeat cannot create a duplicate or a second effect).`,
        path: operation.location,
      });
    }
  }
  return findings;
});
