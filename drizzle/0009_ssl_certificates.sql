CREATE TABLE "acme_accounts" (
	"directory_url" text PRIMARY KEY NOT NULL,
	"account_url" text NOT NULL,
	"email" text,
	"account_key_sealed" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acme_challenges" (
	"token" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_authorization" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssl_certificates" (
	"domain_guid" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"directory_url" text,
	"serial" text,
	"names" text[] NOT NULL,
	"chain_pem" text,
	"private_key_sealed" text,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"renew_after" timestamp with time zone NOT NULL,
	"renewal_error" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ssl_certificates" ADD CONSTRAINT "ssl_certificates_domain_guid_domains_guid_fk" FOREIGN KEY ("domain_guid") REFERENCES "public"."domains"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acme_challenges_expires_idx" ON "acme_challenges" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "ssl_certificates_renew_idx" ON "ssl_certificates" USING btree ("renew_after");