import type { Implemented } from '../http/operation';
import { accountActivityOperations } from './account-activity';

/** Every operation the API mounts, each registered against its definition in src/lib/api. */
export const operations: readonly Implemented[] = [...accountActivityOperations];
