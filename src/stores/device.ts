import { persistentAtom } from '@nanostores/persistent';

/**
 * A random id made once per browser and sent as `fingerprint` at sign-in, so the API can
 * recognise a trusted device without fingerprinting it (spec decisions, 2).
 */
export const $deviceId = persistentAtom<string | undefined>('hostdeck:device-id', undefined);

export function deviceId(): string {
  let id = $deviceId.get();
  if (!id) {
    id = crypto.randomUUID();
    $deviceId.set(id);
  }
  return id;
}
