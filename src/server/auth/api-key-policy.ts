import { API_KEY_EXPIRED_CODE } from '../../lib/errors';
import { inRange, parseCidr, parseClientIp } from '../../lib/ip';
import { problem } from '../http/errors';

export const API_KEY_EXPIRED = 'This API key has expired. Please create a new one.';
export const apiKeyAddressRefused = (address: string | undefined) =>
  `This API key cannot be used from ${address ?? 'an unknown address'}: the address is not in its allowed IP addresses.`;

/** Whether `address` lies in one of the allowed addresses or CIDR ranges (v4 and v6). */
export function addressAllowed(allowed: readonly string[], address: string | undefined): boolean {
  const ip = address ? parseClientIp(address) : null;
  if (!ip) return false;
  return allowed.some((entry) => {
    const range = parseCidr(entry);
    return range !== null && inRange(ip, range);
  });
}

/**
 * Why a request with an API key is refused, or null when the key may be used: after its
 * expiry it is no credential any more (401); from an address outside its allowlist it is a
 * good credential used from the wrong place (403). An empty allowlist (older keys) allows any.
 */
export function apiKeyRefusal(key: { expires: Date | null; allowed: readonly string[] }, address: string | undefined, now: Date) {
  if (key.expires && key.expires.getTime() <= now.getTime()) return problem(401, API_KEY_EXPIRED, { code: API_KEY_EXPIRED_CODE });
  if (key.allowed.length && !addressAllowed(key.allowed, address)) return problem(403, apiKeyAddressRefused(address), { code: 'api_key_address' });
  return null;
}
