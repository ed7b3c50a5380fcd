import { describe, expect, it } from 'vitest';
import { $import, applyZoneFile, cancelImportConfirmation, importQuestion, importSummary, resetImport } from '../../../src/stores/dns-zone';

const removing = { records: 1, added: ['A only 3600 192.0.2.99'], removed: Array.from({ length: 14 }, (_, i) => `A host${i} 3600 192.0.2.${i}`), errors: [] };

describe('the zone file import dialog (issue 31)', () => {
  it("counts records in words, one 'record' and many 'records' (issue 31, 5)", () => {
    expect(importSummary(removing)).toBe('1 record; 1 added, 14 removed.');
    expect(importSummary({ ...removing, records: 0, added: [] })).toBe('0 records; 0 added, 14 removed.');
  });

  it('asks before applying a file that removes more records than it adds, and sends nothing until asked (issue 31, 4)', async () => {
    resetImport();
    $import.set({ ...$import.get(), text: 'only IN A 192.0.2.99', preview: removing });
    expect(await applyZoneFile()).toBe(false);
    expect($import.get()).toMatchObject({ confirming: true, busy: false });
    expect(importQuestion(removing)).toBe('Apply the zone file? It removes 14 records and adds 1; the history keeps the zone as it was.');
    cancelImportConfirmation();
    expect($import.get().confirming).toBe(false);
    resetImport();
  });
});
