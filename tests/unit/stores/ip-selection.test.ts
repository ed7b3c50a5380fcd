import { beforeEach, describe, expect, it } from 'vitest';
import type { IpAddress } from '../../../src/lib/api/ip-addresses';
import { slotLimits } from '../../../src/lib/schemas/ip-addresses';
import { $pick, changePageSelection, clearPick, ipList, pageSelection, pickAll, selectionOf } from '../../../src/stores/ip-addresses';

const row = (n: number, status: IpAddress['status'] = 'ACTIVE') => ({ guid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, status }) as IpAddress;
const rows = [row(1), row(2), row(3, 'PENDING_CANCELLATION'), row(4)];

describe('the IP group page’s pick (a selection that never holds every address)', () => {
  beforeEach(() => {
    clearPick();
    ipList.$list.setKey('filters', { group: '11111111-1111-4111-8111-111111111111', search: '10.0, berlin' });
  });

  it('ticks guids one by one and sends them as ip_addresses', () => {
    changePageSelection({ [rows[0]!.guid]: true, [rows[1]!.guid]: true }, rows);
    expect(selectionOf()).toEqual({ ip_addresses: [rows[0]!.guid, rows[1]!.guid] });
  });

  it('"all" shows the page’s selectable rows ticked, keeps the unticked ones and sends a filter', () => {
    pickAll();
    expect(Object.keys(pageSelection($pick.get(), rows))).toEqual([rows[0]!.guid, rows[1]!.guid, rows[3]!.guid]);
    changePageSelection({ [rows[0]!.guid]: true, [rows[3]!.guid]: true }, rows);
    expect(Object.keys(pageSelection($pick.get(), rows))).toEqual([rows[0]!.guid, rows[3]!.guid]);
    expect(selectionOf()).toEqual({ filter: { group: '11111111-1111-4111-8111-111111111111', search: ['10.0', 'berlin'], except: [rows[1]!.guid] } });
  });
});

describe('slot limits (spec part 3, 5 "Modify slots")', () => {
  it('runs from the domain count to 1 for shared and the larger of 10 and the current value for dedicated', () => {
    expect(slotLimits({ ip_address_type: 'SHARED', domain_count: 1, domains_allowed: 1 })).toEqual({ min: 1, max: 1 });
    expect(slotLimits({ ip_address_type: 'DEDICATED', domain_count: 3, domains_allowed: 4 })).toEqual({ min: 3, max: 10 });
    expect(slotLimits({ ip_address_type: 'DEDICATED', domain_count: 12, domains_allowed: 14 })).toEqual({ min: 12, max: 14 });
  });
});
