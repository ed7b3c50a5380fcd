-- Every change to what the HTTP edge serves is announced on the channel hostdeck_edge_sites, so
-- the edges that keep the sites in memory (src/server/edge/site-index.ts) load that part again:
-- 'site:<domain guid>' for a domain's row as the edge reads it (name, status, company, group,
-- parent, the HTTPS and www switches), its URL redirects and its software (and the name of a
-- software it runs); 'firewall:<company guid>' for a company's rules, rulesets, policies and what
-- they bring or are attached to; 'all' for a TRUNCATE. NOTIFY is sent at commit, never for a
-- rolled-back change, and names each site or company once per transaction whatever the number of
-- rows; the statement triggers run once per statement, so a bulk write is one notice per site or
-- company, not one per row. A domain's other columns (health, WHOIS, metrics) change often and
-- mean nothing to the edge: its update trigger fires only when one of the columns above changed.
--
-- One function serves the statement triggers: TG_ARGV[0] is what the notice names ('site' or
-- 'firewall'), TG_ARGV[1] the query of the keys with %s where the changed rows go (old_rows,
-- new_rows: the transition tables, which the query reads like tables).
CREATE FUNCTION hostdeck_notify_edge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('hostdeck_edge_sites', 'all');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format('SELECT pg_notify(''hostdeck_edge_sites'', %L || k) FROM (' || TG_ARGV[1] || ') AS keys(k)', TG_ARGV[0] || ':', 'old_rows');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    EXECUTE format('SELECT pg_notify(''hostdeck_edge_sites'', %L || k) FROM (' || TG_ARGV[1] || ') AS keys(k)', TG_ARGV[0] || ':', 'new_rows');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION hostdeck_notify_edge_domain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hostdeck_edge_sites', 'site:' || NEW.guid);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER domains_edge_update_notice AFTER UPDATE OF domain, status, company_guid, group_guid, parent_domain_guid, redirect_to_https, redirect_to_http, redirect_to_www, redirect_to_nonwww ON domains
  FOR EACH ROW WHEN (
    (OLD.domain, OLD.status, OLD.company_guid, OLD.group_guid, OLD.parent_domain_guid, OLD.redirect_to_https, OLD.redirect_to_http, OLD.redirect_to_www, OLD.redirect_to_nonwww)
    IS DISTINCT FROM
    (NEW.domain, NEW.status, NEW.company_guid, NEW.group_guid, NEW.parent_domain_guid, NEW.redirect_to_https, NEW.redirect_to_http, NEW.redirect_to_www, NEW.redirect_to_nonwww)
  ) EXECUTE FUNCTION hostdeck_notify_edge_domain();
--> statement-breakpoint
-- The statement triggers, four a table (insert, update, delete, truncate) but where said: a domain's
-- update has its own trigger above; the catalogue changes with a release, not with traffic, and
-- any update of it names the sites that run the software (its name is on their page). A link of a
-- policy or ruleset names its company through the policy or ruleset; a link deleted with its
-- policy finds none, and needs none: the policy's own trigger names the company.
DO $$
DECLARE
  t record;
  op text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('domains', 'site', 'SELECT DISTINCT guid FROM %s', ARRAY['INSERT', 'DELETE']),
    ('url_redirects', 'site', 'SELECT DISTINCT domain_guid FROM %s', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('software_installations', 'site', 'SELECT DISTINCT domain_guid FROM %s', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('software_catalogue', 'site', 'SELECT DISTINCT i.domain_guid FROM software_installations i WHERE i.software_id IN (SELECT id FROM %s)', ARRAY['UPDATE']),
    ('firewall_rules', 'firewall', 'SELECT DISTINCT company_guid FROM %s', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('firewall_rulesets', 'firewall', 'SELECT DISTINCT company_guid FROM %s', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('firewall_policies', 'firewall', 'SELECT DISTINCT company_guid FROM %s', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('firewall_policy_rules', 'firewall', 'SELECT DISTINCT p.company_guid FROM firewall_policies p WHERE p.guid IN (SELECT policy_guid FROM %s)', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('firewall_policy_rulesets', 'firewall', 'SELECT DISTINCT p.company_guid FROM firewall_policies p WHERE p.guid IN (SELECT policy_guid FROM %s)', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('firewall_policy_domains', 'firewall', 'SELECT DISTINCT p.company_guid FROM firewall_policies p WHERE p.guid IN (SELECT policy_guid FROM %s)', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('firewall_policy_domain_groups', 'firewall', 'SELECT DISTINCT p.company_guid FROM firewall_policies p WHERE p.guid IN (SELECT policy_guid FROM %s)', ARRAY['INSERT', 'UPDATE', 'DELETE']),
    ('firewall_ruleset_rules', 'firewall', 'SELECT DISTINCT s.company_guid FROM firewall_rulesets s WHERE s.guid IN (SELECT ruleset_guid FROM %s)', ARRAY['INSERT', 'UPDATE', 'DELETE'])
  ) AS edge(tbl, kind, keys, ops) LOOP
    FOREACH op IN ARRAY t.ops LOOP
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_edge(%L, %L)',
        t.tbl || '_edge_' || lower(op) || '_notice', op, t.tbl,
        CASE op WHEN 'INSERT' THEN 'NEW TABLE AS new_rows' WHEN 'DELETE' THEN 'OLD TABLE AS old_rows' ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END,
        t.kind, t.keys);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_edge()', t.tbl || '_edge_truncate_notice', t.tbl);
  END LOOP;
END $$;
