// `npm run demo`: lints both examples with this checkout's build, the way a user's CI would.
import { spawnSync } from 'node:child_process';

function lint(file) {
  console.log(`\n$ spectral lint ${file} --ruleset examples/.spectral.yaml`);
  return spawnSync('npx', ['spectral', 'lint', file, '--ruleset', 'examples/.spectral.yaml'], { stdio: 'inherit' }).status;
}

const naive = lint('examples/naive.yaml');
const ready = lint('examples/agent-ready.yaml');
console.log(`\nnaive.yaml exited ${naive} (1: errors found, as it should); agent-ready.yaml exited ${ready} (0: clean).`);
process.exit(naive === 1 && ready === 0 ? 0 : 1);
