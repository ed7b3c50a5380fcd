import { createApiApp } from './app';
export const apiApp = createApiApp();
