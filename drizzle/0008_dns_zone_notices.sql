-- Every change to what the DNS server answers is announced on the channel hostdeck_dns_zones,
-- so the servers that keep the ACTIVE zones in memory (src/server/dns/zone-store.ts) load that
-- zone again: any row of dns_zones (status, SOA, serial, a zone added or removed, a domain's
-- deletion cascading to it), any row of dns_records, and a domain's name. The payload is
-- 'zone:<guid>', or 'all' (a TRUNCATE). NOTIFY is sent at commit, never for a rolled-back
-- change, and names each zone once per transaction whatever the number of rows; the record
-- triggers run once per statement, so a bulk insert costs one notice per zone, not per row.
CREATE FUNCTION hostdeck_notify_dns_zone_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('hostdeck_dns_zones', 'zone:' || changed.guid) FROM (SELECT DISTINCT guid FROM old_rows) changed;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('hostdeck_dns_zones', 'zone:' || changed.guid) FROM (SELECT DISTINCT guid FROM new_rows) changed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION hostdeck_notify_dns_record_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('hostdeck_dns_zones', 'zone:' || changed.zone_guid) FROM (SELECT DISTINCT zone_guid FROM old_rows) changed;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('hostdeck_dns_zones', 'zone:' || changed.zone_guid) FROM (SELECT DISTINCT zone_guid FROM new_rows) changed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION hostdeck_notify_dns_domain_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hostdeck_dns_zones', 'zone:' || z.guid) FROM dns_zones z WHERE z.domain_guid = NEW.guid;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION hostdeck_notify_dns_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hostdeck_dns_zones', 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dns_zones_insert_notice AFTER INSERT ON dns_zones REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_dns_zone_rows();
--> statement-breakpoint
CREATE TRIGGER dns_zones_update_notice AFTER UPDATE ON dns_zones REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_dns_zone_rows();
--> statement-breakpoint
CREATE TRIGGER dns_zones_delete_notice AFTER DELETE ON dns_zones REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_dns_zone_rows();
--> statement-breakpoint
CREATE TRIGGER dns_records_insert_notice AFTER INSERT ON dns_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_dns_record_rows();
--> statement-breakpoint
CREATE TRIGGER dns_records_update_notice AFTER UPDATE ON dns_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_dns_record_rows();
--> statement-breakpoint
CREATE TRIGGER dns_records_delete_notice AFTER DELETE ON dns_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_dns_record_rows();
--> statement-breakpoint
CREATE TRIGGER domains_dns_name_notice AFTER UPDATE OF domain ON domains
  FOR EACH ROW WHEN (OLD.domain IS DISTINCT FROM NEW.domain) EXECUTE FUNCTION hostdeck_notify_dns_domain_name();
--> statement-breakpoint
CREATE TRIGGER dns_zones_truncate_notice AFTER TRUNCATE ON dns_zones FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_dns_truncate();
--> statement-breakpoint
CREATE TRIGGER dns_records_truncate_notice AFTER TRUNCATE ON dns_records FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_dns_truncate();
--> statement-breakpoint
CREATE TRIGGER domains_dns_truncate_notice AFTER TRUNCATE ON domains FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_dns_truncate();
