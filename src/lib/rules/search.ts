/** A query that looks like a dotted IPv4 address is an IP search; anything else a domain search (spec part 3, 5). */
export const IPV4_PATTERN = /^\d{1,3}(\.\d{1,3}){3}$/;

export const SEARCH_EMPTY_MESSAGE = 'Please enter a domain or an IP address!';
export const SEARCH_NO_RESULTS_MESSAGE = 'No results!';

export function searchTypeOf(query: string): 'IP_ADDRESS' | 'DOMAIN' {
  return IPV4_PATTERN.test(query.trim()) ? 'IP_ADDRESS' : 'DOMAIN';
}
