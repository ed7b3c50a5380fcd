import { ConfirmInput, MultiSelect, Select, Spinner } from '@inkjs/ui';
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import type { IpOrderOptions, MarketplaceEntry, MarketplaceLocation } from '../../src/lib/api/ip-orders';
import { formatMoney, type Currency } from '../../src/lib/billing';
import { chosenLocations, couponOverrides, summaryOf, type LocationPick } from '../../src/lib/rules/ip-order';
import { errorMessages } from '../../src/lib/errors';
import {
  COUPON_OVERRIDES,
  IP_FILTER_LABELS,
  IP_TYPE_LABELS,
  MAX_SLOTS,
  NO_FILTER_QUESTION,
  NO_FILTER_WARNING,
  ORDER_DEFAULTS,
  normaliseCoupon,
  type IpAddressType,
  type IpFilter,
} from '../../src/lib/schemas/ip-orders';
import type { ChosenOrder, OrderCatalogue } from '../commands/ip-order';
import { LineInput } from './LineInput';

/** What the flow asks the API for as the answers come in. */
export interface IpOrderSources {
  catalogue: OrderCatalogue;
  marketplace(type: IpAddressType, filter: IpFilter, excluded: readonly string[]): Promise<MarketplaceEntry[]>;
  /** The options again with a coupon: its terms, or a refusal with the coupon's sentence. */
  options(coupon: string | null): Promise<IpOrderOptions>;
}

export interface IpOrderFlowProps extends IpOrderSources {
  /** The order as chosen and confirmed, or null when the person declined it. */
  onDone(order: ChosenOrder | null): void;
}

type Step =
  | { at: 'group' }
  | { at: 'type' }
  | { at: 'filter' }
  | { at: 'no-filter' }
  | { at: 'exclude' }
  | { at: 'loading' }
  | { at: 'locations' }
  | { at: 'count'; index: number }
  | { at: 'slots'; index: number }
  | { at: 'cycle' }
  | { at: 'coupon' }
  | { at: 'summary' }
  | { at: 'done' };

/** The default first, so Enter takes it; 'No filter', which asks again, last. */
const FILTER_ORDER: readonly IpFilter[] = ['C', 'B', 'A', 'NONE'];

const percentOff = (discount: IpOrderOptions['billing_cycles'][number]['discount']) => (discount ? ` (${discount.percentage_value}% off)` : '');

function Answered({ label, value }: { label: string; value: string }) {
  return (
    <Text>
      <Text color="green">✔</Text> {label}: <Text dimColor>{value}</Text>
    </Text>
  );
}

function Question({ label, children, error }: { label: string; children: React.ReactNode; error?: string | undefined }) {
  return (
    <Box flexDirection="column">
      <Text bold>
        <Text color="cyan">?</Text> {label}
      </Text>
      <Box paddingLeft={2} flexDirection="column">
        {children}
        {error ? <Text color="red">{error}</Text> : null}
      </Box>
    </Box>
  );
}

/** A whole number from `min` to `max`, asked until one is given. */
function NumberQuestion({ label, min, max, initial, onAnswer }: { label: string; min: number; max: number; initial: number; onAnswer: (n: number) => void }) {
  const [error, setError] = useState<string>();
  const submit = (text: string) => {
    const value = text.trim() === '' ? initial : Number(text.trim());
    if (!Number.isInteger(value) || value < min || value > max) setError(`Enter a whole number from ${min} to ${max}.`);
    else onAnswer(value);
  };
  return (
    <Question label={`${label} (${min}-${max}, Enter for ${initial})`} error={error}>
      <LineInput placeholder={String(initial)} onChange={() => setError(undefined)} onSubmit={submit} />
    </Question>
  );
}

/**
 * `hostdeck ip order` asked step by step (spec part 3, 2.3): the group, type, subnet filter
 * ('No filter' asks first), excluded groups, locations with what each has, counts and slots,
 * the billing cycle, a coupon, then the summary priced as the panel prices it, and a last yes.
 */
export function IpOrderFlow({ catalogue, marketplace, options: optionsWith, onDone }: IpOrderFlowProps) {
  const [step, setStep] = useState<Step>(catalogue.groups.length ? { at: 'group' } : { at: 'done' });
  const [group, setGroup] = useState<{ guid: string; name: string } | null>(null);
  const [type, setType] = useState<IpAddressType>(ORDER_DEFAULTS.ipAddressType);
  const [filter, setFilter] = useState<IpFilter>(ORDER_DEFAULTS.ipAddressFilter);
  const [excluded, setExcluded] = useState<string[]>([]);
  const [entries, setEntries] = useState<MarketplaceEntry[]>([]);
  const [chosen, setChosen] = useState<MarketplaceLocation[]>([]);
  const [picks, setPicks] = useState<Record<string, LocationPick>>({});
  const [cycle, setCycle] = useState<string>(ORDER_DEFAULTS.billingCycle);
  const [options, setOptions] = useState<IpOrderOptions>(catalogue.options);
  const [coupon, setCoupon] = useState('');
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    if (!catalogue.groups.length) onDone(null);
  }, []);

  useEffect(() => {
    if (step.at !== 'loading') return;
    let live = true;
    marketplace(type, filter, excluded).then(
      (found) => {
        if (!live) return;
        setEntries(found);
        setProblem(undefined);
        setStep({ at: 'locations' });
      },
      (error: unknown) => {
        if (!live) return;
        setProblem(errorMessages(error).join(' '));
        setStep({ at: 'filter' });
      },
    );
    return () => {
      live = false;
    };
  }, [step.at]);

  const currency = options.currency as Currency;
  const money = (cents: number) => formatMoney(cents, currency);
  const groupName = (guid: string) => catalogue.groups.find((g) => g.guid === guid)?.name ?? guid;
  const available = entries.flatMap((e) => e.locations).filter((l) => l.ip_address_count > 0);

  const afterLocation = (index: number) => setStep(index + 1 < chosen.length ? { at: 'count', index: index + 1 } : { at: 'cycle' });

  const applyCoupon = async (text: string) => {
    const code = normaliseCoupon(text);
    try {
      setOptions(await optionsWith(code));
      setCoupon(code ?? '');
      setProblem(undefined);
      setStep({ at: 'summary' });
    } catch (error) {
      setProblem(errorMessages(error).join(' '));
    }
  };

  const done: React.ReactNode[] = [];
  if (group) done.push(<Answered key="group" label="IP group" value={group.name} />);
  const past = (at: Step['at']) => {
    const order: Step['at'][] = ['group', 'type', 'filter', 'no-filter', 'exclude', 'loading', 'locations', 'count', 'slots', 'cycle', 'coupon', 'summary', 'done'];
    return order.indexOf(step.at) > order.indexOf(at);
  };
  if (past('type')) done.push(<Answered key="type" label="Type" value={IP_TYPE_LABELS[type]} />);
  if (past('no-filter')) done.push(<Answered key="filter" label="Subnet filter" value={IP_FILTER_LABELS[filter]} />);
  if (past('exclude') && catalogue.groups.length > 1) done.push(<Answered key="exclude" label="Excluded groups" value={excluded.length ? excluded.map(groupName).join(', ') : 'none'} />);
  if (past('locations')) {
    for (const l of chosen) {
      const pick = picks[l.hash];
      if (pick) done.push(<Answered key={l.hash} label={l.city} value={`${pick.count} address${pick.count === 1 ? '' : 'es'}, ${pick.slots} website slot${pick.slots === 1 ? '' : 's'} each`} />);
    }
  }
  if (past('cycle')) done.push(<Answered key="cycle" label="Billing cycle" value={cycle} />);
  if (past('coupon')) done.push(<Answered key="coupon" label="Coupon" value={coupon || 'none'} />);

  let current: React.ReactNode = null;
  switch (step.at) {
    case 'group':
      current = (
        <Question label="Which IP group do the addresses go to?">
          <Select
            options={catalogue.groups.map((g) => ({ label: g.name, value: g.guid }))}
            onChange={(guid) => {
              setGroup(catalogue.groups.find((g) => g.guid === guid)!);
              setStep({ at: 'type' });
            }}
          />
        </Question>
      );
      break;
    case 'type':
      current = (
        <Question label="IP address type">
          <Select
            options={(['DEDICATED', 'SHARED'] as const).map((t) => ({ label: IP_TYPE_LABELS[t], value: t }))}
            onChange={(t) => {
              setType(t as IpAddressType);
              setStep({ at: 'filter' });
            }}
          />
        </Question>
      );
      break;
    case 'filter':
      current = (
        <Question label="Subnet filter" error={problem}>
          <Select
            options={FILTER_ORDER.map((f) => ({ label: IP_FILTER_LABELS[f], value: f }))}
            onChange={(f) => {
              setFilter(f as IpFilter);
              setStep(f === 'NONE' ? { at: 'no-filter' } : { at: catalogue.groups.length > 1 ? 'exclude' : 'loading' });
            }}
          />
        </Question>
      );
      break;
    case 'no-filter':
      current = (
        <Question label={`${NO_FILTER_QUESTION} ${NO_FILTER_WARNING}`}>
          <ConfirmInput defaultChoice="cancel" onConfirm={() => setStep({ at: catalogue.groups.length > 1 ? 'exclude' : 'loading' })} onCancel={() => setStep({ at: 'filter' })} />
        </Question>
      );
      break;
    case 'exclude':
      current = (
        <Question label="Exclude the subnets of these groups (space to tick, Enter when done)">
          <MultiSelect
            options={catalogue.groups.filter((g) => g.guid !== group?.guid).map((g) => ({ label: g.name, value: g.guid }))}
            onSubmit={(guids) => {
              setExcluded(guids);
              setStep({ at: 'loading' });
            }}
          />
        </Question>
      );
      break;
    case 'loading':
      current = <Spinner label="Reading what each location has…" />;
      break;
    case 'locations':
      current = available.length ? (
        <Question label="Locations (space to tick, Enter when done)" error={problem}>
          <MultiSelect
            visibleOptionCount={10}
            options={available.map((l) => ({ label: `${l.city}, ${l.country} - ${l.ip_address_count} available, ${money(l.price)} a month`, value: l.hash }))}
            onSubmit={(hashes) => {
              if (!hashes.length) return setProblem('Please choose at least 1 location!');
              setProblem(undefined);
              setChosen(available.filter((l) => hashes.includes(l.hash)));
              setStep({ at: 'count', index: 0 });
            }}
          />
        </Question>
      ) : (
        <Question label="No location has addresses for this type and filter.">
          <Text>Press Enter to choose another filter.</Text>
          <ConfirmInput onConfirm={() => setStep({ at: 'filter' })} onCancel={() => onDone(null)} />
        </Question>
      );
      break;
    case 'count': {
      const l = chosen[step.index]!;
      current = (
        <NumberQuestion
          key={`count-${l.hash}`}
          label={`IP addresses in ${l.city}`}
          min={1}
          max={l.ip_address_count}
          initial={1}
          onAnswer={(count) => {
            setPicks((p) => ({ ...p, [l.hash]: { count, slots: 1 } }));
            if (MAX_SLOTS[type] > 1) setStep({ at: 'slots', index: step.index });
            else afterLocation(step.index);
          }}
        />
      );
      break;
    }
    case 'slots': {
      const l = chosen[step.index]!;
      current = (
        <NumberQuestion
          key={`slots-${l.hash}`}
          label={`Website slots per address in ${l.city} (${money(l.site_price)} a month each beyond the first)`}
          min={1}
          max={MAX_SLOTS[type]}
          initial={1}
          onAnswer={(slots) => {
            setPicks((p) => ({ ...p, [l.hash]: { count: p[l.hash]!.count, slots } }));
            afterLocation(step.index);
          }}
        />
      );
      break;
    }
    case 'cycle':
      current = (
        <Question label="Billing cycle">
          <Select
            // The default first, so Enter takes it (a Select's defaultValue counts as chosen, and Enter on it does nothing).
            options={[...options.billing_cycles].sort((a, b) => Number(b.name === ORDER_DEFAULTS.billingCycle) - Number(a.name === ORDER_DEFAULTS.billingCycle)).map((c) => ({ label: `${c.name}${percentOff(c.discount)}`, value: c.name }))}
            onChange={(name) => {
              setCycle(name);
              setStep({ at: 'coupon' });
            }}
          />
        </Question>
      );
      break;
    case 'coupon':
      current = (
        <Question label="Coupon (Enter for none)" error={problem}>
          <LineInput onChange={() => setProblem(undefined)} onSubmit={(text) => void applyCoupon(text)} />
        </Question>
      );
      break;
    case 'summary': {
      const cycleOption = options.billing_cycles.find((c) => c.name === cycle)!;
      const priced = summaryOf({ ipType: type, entries, picks, cycle: cycleOption, coupon: options.coupon, options });
      current = (
        <Box flexDirection="column">
          {priced.items.map((item) => (
            <Text key={item.description}>
              {item.description}: {item.quantity} x {money(item.rate)} = {money(item.sub_total)}
            </Text>
          ))}
          {priced.discount_amount ? <Text>Discount: -{money(priced.discount_amount)}</Text> : null}
          {couponOverrides(cycle, options.coupon) ? <Text color="yellow">{COUPON_OVERRIDES}</Text> : null}
          <Text bold>Total: {money(priced.total_amount)}</Text>
          <Question label="Place this order? It makes an invoice to pay.">
            <ConfirmInput
              defaultChoice="cancel"
              onConfirm={() => {
                setStep({ at: 'done' });
                onDone({
                  choices: { group: group!.guid, ipType: type, filter, excludedGroups: excluded, billingCycle: cycle, coupon },
                  entries,
                  picks: Object.fromEntries(chosenLocations(entries, picks).map(({ location, pick }) => [location.hash, pick])),
                  options,
                });
              }}
              onCancel={() => {
                setStep({ at: 'done' });
                onDone(null);
              }}
            />
          </Question>
        </Box>
      );
      break;
    }
    case 'done':
      current = catalogue.groups.length ? null : <Text color="yellow">This company has no IP groups yet; create one in the panel first.</Text>;
      break;
  }

  return (
    <Box flexDirection="column">
      {done}
      {current}
    </Box>
  );
}
