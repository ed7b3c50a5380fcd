CREATE TABLE "login_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_guid" uuid NOT NULL,
	"domain_guid" uuid NOT NULL,
	"kind" text NOT NULL,
	"username" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_links" ADD CONSTRAINT "login_links_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_links" ADD CONSTRAINT "login_links_domain_guid_domains_guid_fk" FOREIGN KEY ("domain_guid") REFERENCES "public"."domains"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_links_domain_idx" ON "login_links" USING btree ("domain_guid");