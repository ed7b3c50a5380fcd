import { orderRules, type FirewallRule } from '../../lib/firewall';
import { siteRules, type CompanyFirewall } from './firewall-rules';
import { placeholderPage, softwarePage } from './pages';
import type { LoadedSite, Site } from './site';

/**
 * The sites the edge serves, in memory (issue 30 "Edge from memory"): every ACTIVE domain by
 * name with its switches, redirects and software, and each company's firewall policies; loaded
 * whole when the edge starts, then part by part as the database announces changes
 * (./site-source.ts). Pure: no database and no sockets. A request reads it without SQL.
 */

/** What changed: sites to serve as they now stand, and sites to serve no more. */
export interface SiteUpdate {
  /** The sites given are every site there is: any other is dropped. */
  reset: boolean;
  sites: LoadedSite[];
  /** Guids of sites gone, or no longer ACTIVE. */
  dropped: string[];
}

export interface FirewallUpdate {
  /** The firewalls given are every company's there is: any other company has none. */
  reset: boolean;
  firewalls: CompanyFirewall[];
}

/** One version of a site: what it answers with, worked out once rather than per request. */
export class ServedSite {
  /** As a Host naming the domain itself, and its www. form, see it. */
  readonly bare: Site;
  readonly www: Site;
  #page: Buffer | undefined;
  #rules: { generation: number; rules: FirewallRule[] } | undefined;

  constructor(readonly loaded: LoadedSite) {
    const { groupGuid: _group, parentGroupGuid: _parentGroup, redirects: _redirects, ...site } = loaded;
    this.bare = { ...site, isWww: false };
    this.www = { ...site, isWww: true };
  }

  get guid() {
    return this.loaded.guid;
  }

  get redirects() {
    return this.loaded.redirects;
  }

  /** The site's page: the installed software's start page, else the placeholder (./pages.ts). */
  get page(): Buffer {
    this.#page ??= Buffer.from(this.bare.software ? softwarePage(this.bare, this.bare.software) : placeholderPage(this.bare));
    return this.#page;
  }

  /** The site's firewall rules in the order they are tried, worked out again once the firewalls changed. */
  rules(generation: number, firewall: () => CompanyFirewall | undefined): FirewallRule[] {
    if (this.#rules?.generation !== generation) this.#rules = { generation, rules: orderRules(siteRules(this.loaded, firewall())) };
    return this.#rules.rules;
  }
}

export class SiteIndex {
  readonly #byName = new Map<string, ServedSite>();
  readonly #nameOf = new Map<string, string>();
  readonly #firewalls = new Map<string, CompanyFirewall>();
  /** Moves on with every firewall change, so each site works out its rules again on its next request. */
  #generation = 0;

  get size() {
    return this.#byName.size;
  }

  applySites(update: SiteUpdate): void {
    if (update.reset) {
      this.#byName.clear();
      this.#nameOf.clear();
    }
    for (const guid of update.dropped) this.#drop(guid);
    for (const site of update.sites) {
      // A domain renamed: it is served under the new name only.
      if (this.#nameOf.get(site.guid) !== site.domain) this.#drop(site.guid);
      this.#byName.set(site.domain, new ServedSite(site));
      this.#nameOf.set(site.guid, site.domain);
    }
  }

  applyFirewalls(update: FirewallUpdate): void {
    if (update.reset) this.#firewalls.clear();
    for (const firewall of update.firewalls) {
      if (firewall.policies.length) this.#firewalls.set(firewall.company, firewall);
      else this.#firewalls.delete(firewall.company);
    }
    this.#generation++;
  }

  #drop(guid: string) {
    const name = this.#nameOf.get(guid);
    if (name === undefined) return;
    this.#nameOf.delete(guid);
    // The name may serve another site by now (two domains that swapped names).
    if (this.#byName.get(name)?.guid === guid) this.#byName.delete(name);
  }

  /**
   * The site a Host name (lowercased, no port) asks for, with or without `www.`: a site named
   * exactly as asked wins over the one without `www.`.
   */
  find(host: string): { served: ServedSite; site: Site } | undefined {
    const exact = this.#byName.get(host);
    if (exact) return { served: exact, site: exact.bare };
    const bare = host.startsWith('www.') ? this.#byName.get(host.slice(4)) : undefined;
    return bare && { served: bare, site: bare.www };
  }

  /** The firewall rules that govern a site, in the order they are tried. */
  rulesOf(served: ServedSite): FirewallRule[] {
    return served.rules(this.#generation, () => this.#firewalls.get(served.loaded.companyGuid));
  }
}
