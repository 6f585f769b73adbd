// `node examples/nestjs-orders/dist/openapi.js > openapi.json`: the description @nestjs/swagger generates from the controllers.
import { buildApp, openApiOf } from './app.js';

const app = await buildApp();
process.stdout.write(`${JSON.stringify(openApiOf(app), null, 2)}\n`);
await app.close();
