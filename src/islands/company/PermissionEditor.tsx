import { Checkbox } from '../../components/Checkbox';
import { PRESETS, SCOPE_GROUPS, type PresetName, type Scope, type ScopeGroup } from '../../lib/rules/scopes';

/** The editor's group titles, in the order of spec part 3, 6. */
const GROUP_TITLES: Record<ScopeGroup, string> = {
  domains: 'Domains',
  domain_groups: 'Domain groups',
  ssl: 'SSL',
  dns_records: 'DNS records',
  email_addresses: 'Email addresses',
  url_redirects: 'URL redirects',
  software: 'Software',
  software_presets: 'Software presets',
  caching: 'Caching',
  domain_redirects: 'Domain redirects',
  websites: 'Websites',
  ip_addresses: 'IP addresses',
  ip_groups: 'IP groups',
  hosting: 'Hosting',
  firewall: 'Firewall (rules, policies, rulesets)',
  billing: 'Billing',
  company: 'Company',
};

const PRESET_LABELS: Record<PresetName, string> = { STAFF: 'Staff', ADMINISTRATOR: 'Administrator', BILLING: 'Billing', CUSTOMER: 'Customer' };

/** 'can_view_domain_groups' as a person reads it: 'View domain groups'. */
export function permissionLabel(scope: string): string {
  const words = scope.replace(/^can_/, '').replace(/_/g, ' ');
  return (
    words.charAt(0).toUpperCase() +
    words
      .slice(1)
      .replace(/\bip\b/g, 'IP')
      .replace(/\bssl\b/g, 'SSL')
      .replace(/\bdns\b/g, 'DNS')
      .replace(/\bvat\b/g, 'VAT')
      .replace(/\burl\b/g, 'URL')
      .replace(/\bapi\b/g, 'API')
  );
}

export interface PermissionEditorProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** What the person editing holds: they may give only these (spec part 3, 2.9). */
  grantable: ReadonlySet<string>;
  /** What the member held when the dialog opened: kept choosable, as the server allows keeping them. */
  held?: readonly string[];
  /** The STAFF / ADMINISTRATOR / BILLING / CUSTOMER presets: for users, not API keys (spec part 3, 6). */
  presets?: boolean;
  disabled?: boolean;
}

/**
 * The permission editor of the user dialog and the API key dialog (spec part 3, 6): the flags
 * grouped as the spec lists them, Select All, Clear All and, for users, the presets. A flag
 * the editing person does not hold cannot be ticked.
 */
export function PermissionEditor({ value, onChange, grantable, held = [], presets = false, disabled = false }: PermissionEditorProps) {
  const chosen = new Set(value);
  const kept = new Set(held);
  const choosable = (s: Scope) => grantable.has(s) || kept.has(s);
  const every = Object.values(SCOPE_GROUPS).flat();
  const set = (next: Iterable<string>) => onChange(every.filter((s) => new Set(next).has(s)));
  const toggle = (s: Scope, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(s);
    else next.delete(s);
    set(next);
  };
  return (
    <div className="permission-editor">
      {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons (Select All ...), not form fields a fieldset would group. */}
      <div className="permission-toolbar" role="group" aria-label="Choose permissions">
        <button type="button" className="button button-small" disabled={disabled} onClick={() => set(every.filter(choosable))}>
          Select All
        </button>
        <button type="button" className="button button-small" disabled={disabled} onClick={() => set([])}>
          Clear All
        </button>
        {presets
          ? (Object.keys(PRESETS) as PresetName[]).map((name) => (
              <button key={name} type="button" className="button button-small" disabled={disabled} onClick={() => set(PRESETS[name].filter(choosable))}>
                {PRESET_LABELS[name]} preset
              </button>
            ))
          : null}
      </div>
      <div className="permission-groups">
        {(Object.keys(SCOPE_GROUPS) as ScopeGroup[]).map((group) => (
          <fieldset key={group} className="permission-group">
            <legend>{GROUP_TITLES[group]}</legend>
            {SCOPE_GROUPS[group].map((s: Scope) => (
              <Checkbox
                key={s}
                name={s}
                label={permissionLabel(s)}
                checked={chosen.has(s)}
                disabled={disabled || (!choosable(s) && !chosen.has(s))}
                onCheckedChange={(on) => toggle(s, on)}
              />
            ))}
          </fieldset>
        ))}
      </div>
    </div>
  );
}
