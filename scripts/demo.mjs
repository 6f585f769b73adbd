// `npm run demo`: lints both examples with this checkout's build, the way a user's CI would, then probes
// the example API (examples/probe-api) as written and in its defective variant.
import { spawn, spawnSync } from 'node:child_process';
import { ordersApi } from '../examples/probe-api/server.mjs';

function lint(file) {
  console.log(`\n$ spectral lint ${file} --ruleset examples/.spectral.yaml`);
  return spawnSync('npx', ['spectral', 'lint', file, '--ruleset', 'examples/.spectral.yaml'], { stdio: 'inherit' }).status;
}

/** Serves one variant of the example API on a free loopback port while the built bin probes it. */
async function probe(defective) {
  const app = ordersApi({ defective });
  const url = `${await app.listen({ host: '127.0.0.1', port: 0 })}/v1`;
  // probe-input.yaml holds the account of the token route, which the probe cannot infer.
  const args = ['probe', 'examples/probe-api/openapi.yaml', '--base-url', url, '--input', 'examples/probe-api/probe-input.yaml'];
  console.log(`\n$ spectral-agent-ux ${args.join(' ')}${defective ? '   # the defective variant' : ''}`);
  // Asynchronous, so that this process keeps serving the requests of the probe.
  const status = await new Promise(resolve => spawn(process.execPath, ['dist/spectral-agent-ux.cjs', ...args], { stdio: 'inherit' }).on('close', resolve));
  await app.close();
  return status;
}

const naive = lint('examples/naive.yaml');
const ready = lint('examples/agent-ready.yaml');
const sound = await probe(false);
const defective = await probe(true);
console.log(`\nnaive.yaml exited ${naive} (1: errors found, as it should); agent-ready.yaml exited ${ready} (0: clean).`);
console.log(`The probe exited ${sound} on the example API (0: every fault recovered) and ${defective} on its defective variant (1: one finding per defect).`);
process.exit(naive === 1 && ready === 0 && sound === 0 && defective === 1 ? 0 : 1);
