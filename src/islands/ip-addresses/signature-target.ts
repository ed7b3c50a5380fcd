import { atom } from 'nanostores';
import type { IpAddress } from '../../lib/api/ip-addresses';

/** The row whose Modify signature was clicked (`at` opens the dialog again for the same row). */
export const $signatureTarget = atom<{ ip: IpAddress; at: number } | null>(null);
