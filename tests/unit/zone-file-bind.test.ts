import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bindInstalled, compileWithBind, NAMED_COMPILEZONE, readerRecords, readLikeBind } from './helpers/bind-zone';

/**
 * The corpus of tests/fixtures/zones (its README says where each file comes from) read by the
 * reader and by BIND's named-compilezone: the same records for every file BIND loads, a refusal
 * for every file BIND refuses.
 */

const ZONES = new URL('../fixtures/zones/', import.meta.url);

interface CorpusFile {
  file: string;
  origin: string;
  bind: 'loads' | 'refused';
  /** For a hand-written file BIND refuses: the line the reader names first. */
  line: number | null;
  source: string;
}

const corpus: CorpusFile[] = readFileSync(new URL('corpus.tsv', ZONES), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((row) => {
    const [file, origin, bind, line, source] = row.split('\t');
    return { file: file!, origin: origin!, bind: bind as CorpusFile['bind'], line: line ? Number(line) : null, source: source! };
  });
const path = (file: string) => new URL(file, ZONES).pathname;
const text = (file: string) => readFileSync(path(file), 'utf8');

describe('the zone file corpus', () => {
  it('holds at least 50 files, hand-written and gathered, loaded and refused, each under 50 KB', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50);
    const hand = corpus.filter((c) => c.source === 'hand-written');
    expect(hand.length).toBeGreaterThanOrEqual(25);
    expect(corpus.length - hand.length).toBeGreaterThanOrEqual(25);
    expect(corpus.filter((c) => c.bind === 'refused').length).toBeGreaterThanOrEqual(20);
    for (const c of corpus) expect(statSync(path(c.file)).size, c.file).toBeLessThan(50_000);
  });

  it.each(corpus)('$file: the reader refuses it exactly when BIND does (as the corpus records)', ({ file, origin, bind, line }) => {
    const { refusals, reading } = readLikeBind(text(file), origin);
    if (bind === 'loads') expect(refusals, file).toEqual([]);
    else expect(refusals.length, file).toBeGreaterThan(0);
    if (line !== null) expect(reading.problems[0]?.line).toBe(line);
  });
});

const installed = bindInstalled();
if (!installed) console.log(`Skipped: the zone files are not compared with BIND, as ${NAMED_COMPILEZONE} is not installed (Debian: apt-get install bind9-utils).`);

describe.skipIf(!installed)('the reader against BIND (named-compilezone)', () => {
  it.each(corpus)('$file: BIND $bind it, and the reader reads the same records', ({ file, origin, bind }) => {
    const bindRead = compileWithBind(path(file), origin);
    expect(bindRead.loaded ? 'loads' : 'refused', bindRead.loaded ? file : bindRead.messages.join('\n')).toBe(bind);
    const ours = readLikeBind(text(file), origin);
    if (!bindRead.loaded) {
      expect(ours.refusals.length, file).toBeGreaterThan(0);
      return;
    }
    expect(ours.refusals).toEqual([]);
    expect(readerRecords(ours.reading)).toEqual(bindRead.records);
  });
});
