import { getDashboardOp } from '../../lib/api/system';
import { implement } from '../http/operation';
import { dashboardOf } from '../services/dashboard';

/** The home page's counts, news and Quick FAQ (spec part 1, 2.5). */
export const dashboardOperations = [implement(getDashboardOp, (c) => dashboardOf(c.var.deps.db, c.var.company, c.var.viewer.isCustomer, c.var.deps.now()))];
