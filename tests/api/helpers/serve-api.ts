/**
 * A child process for the job tests: the reference API alone, with the real runtime
 * (database from DATA_DIR or DATABASE_URL, seed on first start, the job engine started with
 * it), served over node:http on 127.0.0.1 and a free port, which it prints as `PORT <n>`.
 */
import { serverDeps } from '../../../src/server/runtime';
import { listenApi } from '../../../src/server/standalone';

await serverDeps();
const { port } = await listenApi(serverDeps);
console.log(`PORT ${port}`);
