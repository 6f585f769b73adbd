/** The `spectral-agent-ux` bin (built to dist/spectral-agent-ux.cjs with a `#!/usr/bin/env node` banner). */
import { main } from './main';

main(process.argv.slice(2), {
  stdout: text => process.stdout.write(text),
  stderr: text => process.stderr.write(text),
  cwd: process.cwd(),
}).then(code => {
  process.exitCode = code;
});
