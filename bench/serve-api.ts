/**
 * A child process for the concurrency benchmark: the reference API alone with its real
 * runtime (database from DATA_DIR or DATABASE_URL, demo seed on first start). Prints the
 * port on stdout as `PORT <n>` once listening.
 */
import { serverDeps } from '../src/server/runtime';
import { listenApi } from '../src/server/standalone';

await serverDeps();
const { port } = await listenApi(serverDeps);
console.log(`PORT ${port}`);
