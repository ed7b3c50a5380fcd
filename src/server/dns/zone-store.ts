import { absoluteName, answerQuestion, indexZone, type Answer, type ZoneData, type ZoneIndex } from './answer';
import type { LoadedZone } from './zones';

/**
 * The ACTIVE zones the DNS server answers from, in memory (issue 30): loaded whole when it
 * starts, then one zone at a time as the database announces changes (src/server/dns/zone-source.ts).
 * Pure: no database and no sockets, so it serves the same in the API's process or in a worker.
 */

/** What changed: zones to serve as they now stand, and zones to serve no more. */
export interface ZoneUpdate {
  /** The zones given are every zone there is: any other is dropped. */
  reset: boolean;
  zones: LoadedZone[];
  /** Guids of zones gone, or no longer ACTIVE. */
  dropped: string[];
}

/**
 * Encoded answers one zone keeps, and all zones together; past either, answers are worked out
 * each time (a flood of made-up names must not grow memory without bound).
 */
export const ANSWERS_PER_ZONE = 4096;
export const ANSWERS_IN_ALL = 100_000;

/** One version of a zone: its data, its index (built on the first question) and its encoded answers. */
export class ServedZone {
  #index: ZoneIndex | undefined;
  /** Whole responses with a zero id, by the question as asked and what shapes the response (see server.ts). */
  readonly answers = new Map<string, Buffer>();

  constructor(
    readonly guid: string,
    readonly data: ZoneData,
  ) {}

  get serial() {
    return this.data.soa.serial;
  }

  get index(): ZoneIndex {
    this.#index ??= indexZone(this.data);
    return this.#index;
  }
}

const REFUSED: Answer = { rcode: 'REFUSED', authoritative: false, answer: [], authority: [], additional: [] };

/** A zone's key: its domain in lower case, without the final dot. */
const keyOf = (origin: string) => absoluteName(origin).slice(0, -1);

export class ZoneStore {
  readonly #byName = new Map<string, ServedZone>();
  readonly #nameOf = new Map<string, string>();
  #answers = 0;

  get size() {
    return this.#byName.size;
  }

  apply(update: ZoneUpdate): void {
    if (update.reset) {
      this.#byName.clear();
      this.#nameOf.clear();
      this.#answers = 0;
    }
    for (const guid of update.dropped) this.#drop(guid);
    for (const zone of update.zones) {
      const name = keyOf(zone.data.origin);
      // A domain renamed: its zone is served under the new name only.
      if (this.#nameOf.get(zone.guid) !== name) this.#drop(zone.guid);
      this.#forget(this.#byName.get(name));
      this.#byName.set(name, new ServedZone(zone.guid, zone.data));
      this.#nameOf.set(zone.guid, name);
    }
  }

  #drop(guid: string) {
    const name = this.#nameOf.get(guid);
    if (name === undefined) return;
    this.#nameOf.delete(guid);
    const served = this.#byName.get(name);
    if (served?.guid !== guid) return;
    this.#forget(served);
    this.#byName.delete(name);
  }

  #forget(zone: ServedZone | undefined) {
    if (zone) this.#answers -= zone.answers.size;
  }

  /** The zone that holds `name` (lower case, no final dot): the longest domain served that it ends in. */
  find(name: string): ServedZone | undefined {
    for (let at = 0; ; ) {
      const zone = this.#byName.get(at === 0 ? name : name.slice(at));
      if (zone) return zone;
      const dot = name.indexOf('.', at);
      if (dot < 0) return undefined;
      at = dot + 1;
    }
  }

  /** The zone served under exactly this domain (tests and the benchmark look at its serial). */
  zone(domain: string): ServedZone | undefined {
    return this.#byName.get(keyOf(domain));
  }

  /** The answer to one question; REFUSED for a name in no zone served here. */
  answer(qname: string, qtype: number): Answer {
    const zone = this.find(absoluteName(qname).slice(0, -1));
    return zone ? answerQuestion(zone.index, qname, qtype) : REFUSED;
  }

  /** Keeps an encoded answer, within the bounds above. */
  remember(zone: ServedZone, key: string, response: Buffer): void {
    if (zone.answers.size >= ANSWERS_PER_ZONE) return;
    if (this.#answers >= ANSWERS_IN_ALL) {
      for (const served of this.#byName.values()) served.answers.clear();
      this.#answers = 0;
    }
    // A zone swapped out since the question came in keeps nothing: its answers would never be read.
    if (this.#byName.get(keyOf(zone.data.origin)) !== zone) return;
    zone.answers.set(key, response);
    this.#answers++;
  }
}
