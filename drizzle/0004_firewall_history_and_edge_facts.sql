CREATE TABLE "firewall_versions" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"object_kind" text NOT NULL,
	"object_guid" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"summary" text NOT NULL,
	"changed_by" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edge_requests" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "edge_requests" ADD COLUMN "host" text;--> statement-breakpoint
ALTER TABLE "edge_requests" ADD COLUMN "query" text;--> statement-breakpoint
ALTER TABLE "edge_requests" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "edge_requests" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "edge_requests" ADD COLUMN "asn" integer;--> statement-breakpoint
ALTER TABLE "edge_requests" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "edge_requests" ADD COLUMN "firewall_action" text;--> statement-breakpoint
ALTER TABLE "edge_requests" ADD COLUMN "firewall_rule_guid" uuid;--> statement-breakpoint
ALTER TABLE "firewall_versions" ADD CONSTRAINT "firewall_versions_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_versions" ADD CONSTRAINT "firewall_versions_changed_by_users_guid_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firewall_versions_object_version_key" ON "firewall_versions" USING btree ("object_guid","version");--> statement-breakpoint
CREATE INDEX "firewall_versions_company_idx" ON "firewall_versions" USING btree ("company_guid","date_created");