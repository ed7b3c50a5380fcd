import { createApiApp } from './app';
import { serverDeps } from './runtime';

/** The API as the panel's server runs it: database from the environment, opened on first use. */
export const apiApp = createApiApp(serverDeps);
