import type { Site } from './site';
import type { EdgeRequest } from './rules';

/**
 * What the edge does with a request before the domain's redirects and page: the firewall's
 * place (spec part 2, 2.10; issue 9 fills it with the rules, rulesets and policies). For now
 * every request is let through.
 */
export type EdgeDecision = { action: 'ALLOW' } | { action: 'REJECT'; status: number } | { action: 'REDIRECT'; location: string; status: number };

export interface DecisionInput {
  site: Site;
  request: EdgeRequest;
  method: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  address: string | null;
}

export async function decide(_input: DecisionInput): Promise<EdgeDecision> {
  return { action: 'ALLOW' };
}
