-- Every change that can alter who a token is or what it may do is announced on the channel
-- hostdeck_auth_changes, so a server that keeps resolved viewers in memory
-- (src/server/auth/viewer-cache.ts) drops them: a session's revocation or expiry, a user's
-- identity fields, any membership row (permissions, status, restrictions, a new company), a
-- company's name, an API key's allowlist or expiry. The payload names what changed:
-- 'session:<guid>', 'user:<guid>', 'company:<guid>', or 'all' (a TRUNCATE). A session's idle
-- clock (last_used_at, ip_address) is left out: it is written once a minute per session and
-- changes nothing a cached viewer holds that the server does not update itself.
CREATE FUNCTION hostdeck_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('hostdeck_auth_changes', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('hostdeck_auth_changes', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION hostdeck_notify_auth_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hostdeck_auth_changes', 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_tokens_auth_change AFTER UPDATE OF user_guid, token_hash, kind, company_guid, expires_at, revoked_at OR DELETE ON session_tokens
  FOR EACH ROW EXECUTE FUNCTION hostdeck_notify_auth_change('session', 'guid');
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OF email, first_name, last_name, is_customer, user_kind, default_company_guid OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION hostdeck_notify_auth_change('user', 'guid');
--> statement-breakpoint
CREATE TRIGGER memberships_auth_change AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION hostdeck_notify_auth_change('user', 'user_guid');
--> statement-breakpoint
CREATE TRIGGER companies_auth_change AFTER UPDATE OF name OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION hostdeck_notify_auth_change('company', 'guid');
--> statement-breakpoint
CREATE TRIGGER api_keys_auth_change AFTER INSERT OR UPDATE OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION hostdeck_notify_auth_change('user', 'user_guid');
--> statement-breakpoint
CREATE TRIGGER session_tokens_auth_truncate AFTER TRUNCATE ON session_tokens FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_auth_truncate();
--> statement-breakpoint
CREATE TRIGGER users_auth_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_auth_truncate();
--> statement-breakpoint
CREATE TRIGGER memberships_auth_truncate AFTER TRUNCATE ON memberships FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_auth_truncate();
--> statement-breakpoint
CREATE TRIGGER companies_auth_truncate AFTER TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_auth_truncate();
--> statement-breakpoint
CREATE TRIGGER api_keys_auth_truncate AFTER TRUNCATE ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION hostdeck_notify_auth_truncate();
