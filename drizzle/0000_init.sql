CREATE TABLE "account_managers" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"avatar" text
);
--> statement-breakpoint
CREATE TABLE "activity_logs" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid,
	"actor_guid" uuid,
	"actor_first_name" text DEFAULT '' NOT NULL,
	"actor_last_name" text DEFAULT '' NOT NULL,
	"actor_user_type" text DEFAULT 'USER' NOT NULL,
	"verb" text NOT NULL,
	"action_object" text,
	"action_object_type" text,
	"action_object_guid" text,
	"target" text,
	"target_type" text,
	"ip_address" text,
	"user_agent" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_throttles" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_throttles_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "backup_codes" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_guid" uuid,
	"name" text NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text,
	"city" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"invoice_notes" text,
	"support_pin" text NOT NULL,
	"is_partner" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"white_label" jsonb,
	"account_manager_guid" uuid,
	"show_getting_started" boolean DEFAULT false NOT NULL,
	"getting_started_step" integer DEFAULT 1 NOT NULL,
	"getting_started_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"subject_guid" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"user_guid" uuid NOT NULL,
	"invited_by_guid" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_challenges" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"kind" text NOT NULL,
	"code_hash" text,
	"device_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_records" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"country_code" text,
	"country_name" text,
	"city" text,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"company_guid" uuid NOT NULL,
	"account_type" text NOT NULL,
	"user_type" text DEFAULT 'USER' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"allowed_ip_groups" uuid[] DEFAULT '{}' NOT NULL,
	"allowed_domain_groups" uuid[] DEFAULT '{}' NOT NULL,
	"allowed_hosting_accounts" uuid[] DEFAULT '{}' NOT NULL,
	"allowed_software_presets" uuid[] DEFAULT '{}' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"hostname" text,
	"support_email" text NOT NULL,
	"knowledge_base_url" text,
	"chat_url" text,
	"white_label" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_tokens" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text DEFAULT 'SESSION' NOT NULL,
	"company_guid" uuid,
	"ip_address" text,
	"user_agent" text,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusted_devices" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"trusted_until" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_secrets" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"is_customer" boolean DEFAULT false NOT NULL,
	"user_kind" text DEFAULT 'USER' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"receive_failed_login_emails" boolean DEFAULT true NOT NULL,
	"receive_automated_sales_emails" boolean DEFAULT true NOT NULL,
	"receive_marketing_emails" boolean DEFAULT true NOT NULL,
	"receive_update_emails" boolean DEFAULT true NOT NULL,
	"todo_list" jsonb,
	"default_company_guid" uuid,
	"invitation_seed" text,
	"found_us" text,
	"tracking" jsonb,
	"password_changed_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_guid" uuid,
	"type" text DEFAULT 'INFO' NOT NULL,
	"title" text,
	"message" text NOT NULL,
	"show_icon" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"date_start" timestamp with time zone,
	"date_end" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid,
	"company_guid" uuid,
	"template" text,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"date_sent" timestamp with time zone,
	"is_sent" boolean DEFAULT false NOT NULL,
	"error" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_notices" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"date_resolved" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_articles" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"date_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"link" text,
	"content" text NOT NULL,
	"date_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"company_guid" uuid,
	"notification_type" text DEFAULT 'INFO' NOT NULL,
	"message" text NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid,
	"company_guid" uuid,
	"path" text NOT NULL,
	"referrer" text,
	"user_agent" text,
	"ip_address" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_errors" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_registry" (
	"vat_id" text PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"company_name" text NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "ip_addresses" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"group_guid" uuid NOT NULL,
	"ip_address" text NOT NULL,
	"ip_numeric" bigint GENERATED ALWAYS AS ((ip_address::inet - '0.0.0.0'::inet)) STORED NOT NULL,
	"ip_address_type" text DEFAULT 'DEDICATED' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"http_version" integer DEFAULT 1 NOT NULL,
	"country" text NOT NULL,
	"country_code" text NOT NULL,
	"city" text NOT NULL,
	"location_guid" uuid,
	"domains_allowed" integer DEFAULT 1 NOT NULL,
	"pending_domains_allowed" integer,
	"signature_guid" uuid,
	"order_id" integer,
	"direct_access" boolean DEFAULT false NOT NULL,
	"ip_cost_cents" integer DEFAULT 0 NOT NULL,
	"slot_cost_cents" integer DEFAULT 0 NOT NULL,
	"monthly_cost_cents" integer GENERATED ALWAYS AS ((ip_cost_cents + greatest(domains_allowed - 1, 0) * slot_cost_cents)) STORED NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"date_cancelled" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_groups" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_inventory" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_guid" uuid NOT NULL,
	"ip_address" text NOT NULL,
	"ip_numeric" bigint GENERATED ALWAYS AS ((ip_address::inet - '0.0.0.0'::inet)) STORED NOT NULL,
	"ip_type" text NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"allocated_count" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_locations" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" text NOT NULL,
	"country_code" text NOT NULL,
	"country_name" text NOT NULL,
	"city" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_locations_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "marketplace_prices" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_guid" uuid NOT NULL,
	"ip_type" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"site_price_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signature" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "signatures_signature_unique" UNIQUE("signature")
);
--> statement-breakpoint
CREATE TABLE "billing_cycles" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_type" text NOT NULL,
	"name" text NOT NULL,
	"months" integer NOT NULL,
	"discount_percentage" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"discount_type" text DEFAULT 'PERCENTAGE' NOT NULL,
	"percentage_value" integer,
	"amount_cents" integer,
	"currency" text,
	"order_types" text[] DEFAULT '{}' NOT NULL,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"date_expires" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"per_usd" numeric(12, 6) NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"company_guid" uuid NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_company_guid_route_key_pk" PRIMARY KEY("company_guid","route","key")
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" integer NOT NULL,
	"description" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"quantity" integer DEFAULT 1 NOT NULL,
	"rate_cents" integer DEFAULT 0 NOT NULL,
	"sub_total_cents" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 20001 CACHE 1),
	"company_guid" uuid NOT NULL,
	"order_id" integer,
	"status" text DEFAULT 'UNPAID' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"company_name" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text,
	"city" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"vat_id" text,
	"payment_terms" integer DEFAULT 7 NOT NULL,
	"sub_total_cents" integer DEFAULT 0 NOT NULL,
	"coupon_name" text,
	"coupon_value" text,
	"discount_amount_cents" integer DEFAULT 0 NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"initial_tax_cents" integer DEFAULT 0 NOT NULL,
	"initial_amount_cents" integer DEFAULT 0 NOT NULL,
	"total_amount_cents" integer DEFAULT 0 NOT NULL,
	"payment_made_cents" integer DEFAULT 0 NOT NULL,
	"balance_due_cents" integer DEFAULT 0 NOT NULL,
	"custom_notes" text,
	"purpose" text DEFAULT 'NEW_ORDER' NOT NULL,
	"on_paid" jsonb,
	"date_due" timestamp with time zone NOT NULL,
	"date_paid" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1),
	"company_guid" uuid NOT NULL,
	"order_type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"billing_cycle" text DEFAULT 'MONTHLY' NOT NULL,
	"billing_cycle_months" integer DEFAULT 1 NOT NULL,
	"monthly_cost_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"coupon_guid" uuid,
	"coupon_code" text,
	"ip_group_guid" uuid,
	"hosting_account_guid" uuid,
	"shared_hosting_plan_guid" uuid,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shared_hosting_order_id" integer,
	"ip_address_order_id" integer,
	"managed_hosting_service_order_id" integer,
	"created_by" uuid,
	"date_next_invoice" timestamp with time zone,
	"date_activated" timestamp with time zone,
	"date_suspended" timestamp with time zone,
	"date_cancelled" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_setup_orders" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"order_id" integer NOT NULL,
	"website_count" integer NOT NULL,
	"content_count" integer NOT NULL,
	"premium_theme" boolean DEFAULT false NOT NULL,
	"managed_hosting" boolean DEFAULT false NOT NULL,
	"white_glove_domain_picking" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancellation_request_ip_addresses" (
	"request_guid" uuid NOT NULL,
	"ip_address_guid" uuid NOT NULL,
	CONSTRAINT "cancellation_request_ip_addresses_request_guid_ip_address_guid_pk" PRIMARY KEY("request_guid","ip_address_guid")
);
--> statement-breakpoint
CREATE TABLE "cancellation_requests" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"order_id" integer,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"cancellation_time" text DEFAULT 'END_OF_BILLING_CYCLE' NOT NULL,
	"cancellation_reason" text NOT NULL,
	"custom_cancellation_reason" text,
	"recommendation_score" integer,
	"how_likely_to_use_us_again" integer,
	"requested_by" uuid,
	"date_effective" timestamp with time zone,
	"date_processed" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_note_items" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_id" integer NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "credit_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 501 CACHE 1),
	"company_guid" uuid NOT NULL,
	"invoice_id" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"company_name" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text,
	"city" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"initial_balance_cents" integer DEFAULT 0 NOT NULL,
	"initial_tax_cents" integer DEFAULT 0 NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"transaction_guid" uuid,
	"custom_notes" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_id" integer NOT NULL,
	"invoice_id" integer,
	"action" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_sessions" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" integer,
	"payment_method_guid" uuid,
	"payment_method_type" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"cryptocurrency" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"return_url" text,
	"created_by" uuid,
	"date_completed" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"method_type" text NOT NULL,
	"name" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"paypal_email" text,
	"billing_details" jsonb,
	"gateway_reference" text,
	"date_verified" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"invoice_id" integer NOT NULL,
	"transaction_guid" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_invoices" (
	"transaction_guid" uuid NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "transaction_invoices_transaction_guid_invoice_id_pk" PRIMARY KEY("transaction_guid","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"kind" text DEFAULT 'PAYMENT' NOT NULL,
	"status" text DEFAULT 'COMPLETED' NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"payment_method_type" text NOT NULL,
	"payment_method_guid" uuid,
	"transaction_id" text NOT NULL,
	"cryptocurrency" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosting_accounts" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"account_type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"is_created" boolean DEFAULT false NOT NULL,
	"is_legacy" boolean DEFAULT false NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"is_managed" boolean DEFAULT false NOT NULL,
	"allow_domain_deletion" boolean DEFAULT true NOT NULL,
	"order_id" integer,
	"plan_guid" uuid,
	"pending_plan_guid" uuid,
	"location_guid" uuid,
	"server_guid" uuid,
	"username" text,
	"cpanel_password_secret" text,
	"monthly_cost_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"destination_type" text,
	"custom_hostname" text,
	"custom_ip_address" text,
	"date_suspended" timestamp with time zone,
	"date_to_be_terminated" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosting_locations" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"country_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosting_plans" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"price_usd_cents" integer DEFAULT 0 NOT NULL,
	"price_eur_cents" integer DEFAULT 0 NOT NULL,
	"storage_gb" integer,
	"bandwidth_gb" integer,
	"inodes" integer,
	"memory_mb" integer,
	"cpu_cores" integer,
	"entry_processes" integer,
	"active_processes" integer,
	"email_accounts" integer,
	"databases" integer,
	"subdomains" integer,
	"parked_domains" integer,
	"addon_domains" integer,
	"is_available" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosting_servers" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_guid" uuid NOT NULL,
	"hostname" text NOT NULL,
	"ip_address" text NOT NULL,
	"nameservers" text[] DEFAULT '{}' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "hosting_servers_hostname_unique" UNIQUE("hostname")
);
--> statement-breakpoint
CREATE TABLE "domain_group_ip_groups" (
	"domain_group_guid" uuid NOT NULL,
	"ip_group_guid" uuid NOT NULL,
	CONSTRAINT "domain_group_ip_groups_domain_group_guid_ip_group_guid_pk" PRIMARY KEY("domain_group_guid","ip_group_guid")
);
--> statement-breakpoint
CREATE TABLE "domain_groups" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"default_hosting_account_guid" uuid,
	"is_internal" boolean DEFAULT false NOT NULL,
	"include_subdomains_in_list" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_notes" (
	"domain_guid" uuid PRIMARY KEY NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"group_guid" uuid NOT NULL,
	"domain" text NOT NULL,
	"status" text DEFAULT 'ADDING' NOT NULL,
	"is_subdomain" boolean DEFAULT false NOT NULL,
	"parent_domain_guid" uuid,
	"is_wildcard" boolean DEFAULT false NOT NULL,
	"hosting_type" text DEFAULT 'ADDON_DOMAIN' NOT NULL,
	"ip_address_guid" uuid,
	"hosting_account_guid" uuid,
	"is_in_cpanel" boolean DEFAULT false NOT NULL,
	"ssl_status" text,
	"ssl_certificate_type" text,
	"ssl_include_www" boolean DEFAULT false NOT NULL,
	"ssl_date_created" timestamp with time zone,
	"ssl_date_expires" timestamp with time zone,
	"redirect_to_https" boolean DEFAULT false NOT NULL,
	"redirect_to_http" boolean DEFAULT false NOT NULL,
	"redirect_to_www" boolean DEFAULT false NOT NULL,
	"redirect_to_nonwww" boolean DEFAULT false NOT NULL,
	"cache_enabled" boolean DEFAULT false NOT NULL,
	"meta_status" text DEFAULT 'ACTIVE' NOT NULL,
	"software_protocol" text,
	"software_preset_guid" uuid,
	"date_whois_checked" timestamp with time zone,
	"whois_expires" timestamp with time zone,
	"date_metrics_checked" timestamp with time zone,
	"tf" integer,
	"da" integer,
	"google_safe_browsing" jsonb,
	"date_health_checked" timestamp with time zone,
	"is_nxdomain" boolean,
	"is_expired" boolean,
	"is_cloudflare" boolean,
	"resolved_ip_address" text,
	"resolved_www_ip_address" text,
	"date_updated" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_forwarders" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"domain_guid" uuid NOT NULL,
	"address" text NOT NULL,
	"email_type" text DEFAULT 'FORWARDER' NOT NULL,
	"forward_address" text NOT NULL,
	"is_catchall" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "url_redirects" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"domain_guid" uuid NOT NULL,
	"urls" text[] NOT NULL,
	"destination" text NOT NULL,
	"response_code" integer DEFAULT 301 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_records" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_guid" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"value" text NOT NULL,
	"ttl" integer DEFAULT 3600 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_zones" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"domain_guid" uuid NOT NULL,
	"dns_type" text DEFAULT 'INTERNAL' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"soa_nameserver" text NOT NULL,
	"soa_email" text NOT NULL,
	"soa_serial" bigint NOT NULL,
	"soa_refresh" integer DEFAULT 86400 NOT NULL,
	"soa_retry" integer DEFAULT 7200 NOT NULL,
	"soa_expiry" integer DEFAULT 3600000 NOT NULL,
	"soa_ttl" integer DEFAULT 3600 NOT NULL,
	"date_updated" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "software_catalogue" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "software_catalogue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"name" text NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"in_wizard" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "software_catalogue_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "software_installations" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"domain_guid" uuid NOT NULL,
	"software_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"protocol" text DEFAULT 'https://' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"install_directory" text DEFAULT '' NOT NULL,
	"admin_username" text,
	"admin_password_secret" text,
	"admin_email" text,
	"website_name" text,
	"website_description" text,
	"preset_guid" uuid,
	"is_imported" boolean DEFAULT false NOT NULL,
	"date_installed" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "software_preset_groups" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"preset_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"group_type" text NOT NULL,
	"install_action" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "software_preset_items" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"item_type" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "software_presets" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"software_name" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_items" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_guid" uuid NOT NULL,
	"domain_guid" uuid,
	"action" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"details" text,
	"error" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"date_completed" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"domain_group_guid" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"progress_percentage" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"date_completed" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firewall_policies" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firewall_policy_domain_groups" (
	"policy_guid" uuid NOT NULL,
	"domain_group_guid" uuid NOT NULL,
	CONSTRAINT "firewall_policy_domain_groups_policy_guid_domain_group_guid_pk" PRIMARY KEY("policy_guid","domain_group_guid")
);
--> statement-breakpoint
CREATE TABLE "firewall_policy_domains" (
	"policy_guid" uuid NOT NULL,
	"domain_guid" uuid NOT NULL,
	CONSTRAINT "firewall_policy_domains_policy_guid_domain_guid_pk" PRIMARY KEY("policy_guid","domain_guid")
);
--> statement-breakpoint
CREATE TABLE "firewall_policy_rules" (
	"policy_guid" uuid NOT NULL,
	"rule_guid" uuid NOT NULL,
	CONSTRAINT "firewall_policy_rules_policy_guid_rule_guid_pk" PRIMARY KEY("policy_guid","rule_guid")
);
--> statement-breakpoint
CREATE TABLE "firewall_policy_rulesets" (
	"policy_guid" uuid NOT NULL,
	"ruleset_guid" uuid NOT NULL,
	CONSTRAINT "firewall_policy_rulesets_policy_guid_ruleset_guid_pk" PRIMARY KEY("policy_guid","ruleset_guid")
);
--> statement-breakpoint
CREATE TABLE "firewall_rules" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"data" jsonb NOT NULL,
	"date_updated" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firewall_ruleset_rules" (
	"ruleset_guid" uuid NOT NULL,
	"rule_guid" uuid NOT NULL,
	CONSTRAINT "firewall_ruleset_rules_ruleset_guid_rule_guid_pk" PRIMARY KEY("ruleset_guid","rule_guid")
);
--> statement-breakpoint
CREATE TABLE "firewall_rulesets" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"name" text NOT NULL,
	"user_guid" uuid NOT NULL,
	"allowed_ip_addresses" text[] DEFAULT '{}' NOT NULL,
	"created_by" uuid,
	"date_expires" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email_address" text NOT NULL,
	"status" text DEFAULT 'VERIFICATION' NOT NULL,
	"can_be_disabled" boolean DEFAULT true NOT NULL,
	"selected_events" text[] DEFAULT '{}' NOT NULL,
	"date_verified" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_details" (
	"company_guid" uuid PRIMARY KEY NOT NULL,
	"custom_domain" text,
	"custom_logo" text,
	"show_support_info" boolean DEFAULT false NOT NULL,
	"support_name" text,
	"support_email" text,
	"support_phone" text,
	"support_url" text,
	"use_custom_styles" boolean DEFAULT false NOT NULL,
	"primary_color" text,
	"header_background_color" text,
	"primary_button_color" text,
	"primary_button_hover_color" text,
	"primary_button_text_color" text,
	"primary_button_hover_text_color" text,
	"date_updated" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vat_ids" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_guid" uuid NOT NULL,
	"vat_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"date_updated" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_accounts" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"account_type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company_name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"vat_id" text,
	"promotion_platforms" text NOT NULL,
	"promotion_methods" text NOT NULL,
	"payout_rate" numeric(5, 2) DEFAULT 20 NOT NULL,
	"payment_threshold_cents" integer DEFAULT 10000 NOT NULL,
	"payment_term" integer DEFAULT 30 NOT NULL,
	"billing_cycle" text DEFAULT 'MONTHLY' NOT NULL,
	"cookie_duration_days" integer DEFAULT 60 NOT NULL,
	"date_approved" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_accounts_user_guid_unique" UNIQUE("user_guid")
);
--> statement-breakpoint
CREATE TABLE "affiliate_invoice_items" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" integer NOT NULL,
	"referral_guid" uuid,
	"description" text NOT NULL,
	"payout_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_invoices" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "affiliate_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 701 CACHE 1),
	"affiliate_guid" uuid NOT NULL,
	"status" text DEFAULT 'UNPAID' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"gross_amount_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"net_amount_cents" integer DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"company_name" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text,
	"city" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"vat_id" text,
	"payment_term" integer DEFAULT 30 NOT NULL,
	"billing_cycle" text DEFAULT 'MONTHLY' NOT NULL,
	"date_paid" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_links" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_guid" uuid NOT NULL,
	"link_hash" text NOT NULL,
	"link_type" text DEFAULT 'DEFAULT' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"usage_description" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payment_details" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_guid" uuid NOT NULL,
	"description" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"payment_method" text NOT NULL,
	"paypal_email" text,
	"billing_email" text,
	"country" text,
	"city" text,
	"address" text,
	"post_code" text,
	"account_name" text,
	"bank_country" text,
	"bank_city" text,
	"bank_address" text,
	"bank_post_code" text,
	"bank_name" text,
	"ach_routing_no" text,
	"ach_account_no" text,
	"ach_account_type" text,
	"iban" text,
	"swift_bic" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_visits" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_guid" uuid NOT NULL,
	"link_guid" uuid,
	"click_id" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"referer" text,
	"landing_url" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_guid" uuid NOT NULL,
	"referred_company_guid" uuid,
	"visit_guid" uuid,
	"invoice_id" integer,
	"affiliate_invoice_id" integer,
	"payout_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"payout_type" text DEFAULT 'NEW' NOT NULL,
	"status" text DEFAULT 'CLEARING' NOT NULL,
	"date_clears" timestamp with time zone NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_actor_guid_users_guid_fk" FOREIGN KEY ("actor_guid") REFERENCES "public"."users"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_codes" ADD CONSTRAINT "backup_codes_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_provider_guid_providers_guid_fk" FOREIGN KEY ("provider_guid") REFERENCES "public"."providers"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_account_manager_guid_account_managers_guid_fk" FOREIGN KEY ("account_manager_guid") REFERENCES "public"."account_managers"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_guid_users_guid_fk" FOREIGN KEY ("invited_by_guid") REFERENCES "public"."users"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_records" ADD CONSTRAINT "login_records_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_tokens" ADD CONSTRAINT "session_tokens_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_tokens" ADD CONSTRAINT "session_tokens_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_secrets" ADD CONSTRAINT "two_factor_secrets_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_provider_guid_providers_guid_fk" FOREIGN KEY ("provider_guid") REFERENCES "public"."providers"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_addresses" ADD CONSTRAINT "ip_addresses_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_addresses" ADD CONSTRAINT "ip_addresses_group_guid_ip_groups_guid_fk" FOREIGN KEY ("group_guid") REFERENCES "public"."ip_groups"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_addresses" ADD CONSTRAINT "ip_addresses_location_guid_marketplace_locations_guid_fk" FOREIGN KEY ("location_guid") REFERENCES "public"."marketplace_locations"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_addresses" ADD CONSTRAINT "ip_addresses_signature_guid_signatures_guid_fk" FOREIGN KEY ("signature_guid") REFERENCES "public"."signatures"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_addresses" ADD CONSTRAINT "ip_addresses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_groups" ADD CONSTRAINT "ip_groups_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_inventory" ADD CONSTRAINT "ip_inventory_location_guid_marketplace_locations_guid_fk" FOREIGN KEY ("location_guid") REFERENCES "public"."marketplace_locations"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_prices" ADD CONSTRAINT "marketplace_prices_location_guid_marketplace_locations_guid_fk" FOREIGN KEY ("location_guid") REFERENCES "public"."marketplace_locations"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_guid_coupons_guid_fk" FOREIGN KEY ("coupon_guid") REFERENCES "public"."coupons"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ip_group_guid_ip_groups_guid_fk" FOREIGN KEY ("ip_group_guid") REFERENCES "public"."ip_groups"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_hosting_account_guid_hosting_accounts_guid_fk" FOREIGN KEY ("hosting_account_guid") REFERENCES "public"."hosting_accounts"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shared_hosting_plan_guid_hosting_plans_guid_fk" FOREIGN KEY ("shared_hosting_plan_guid") REFERENCES "public"."hosting_plans"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shared_hosting_order_id_orders_id_fk" FOREIGN KEY ("shared_hosting_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ip_address_order_id_orders_id_fk" FOREIGN KEY ("ip_address_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_managed_hosting_service_order_id_orders_id_fk" FOREIGN KEY ("managed_hosting_service_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_guid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_setup_orders" ADD CONSTRAINT "website_setup_orders_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_setup_orders" ADD CONSTRAINT "website_setup_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_request_ip_addresses" ADD CONSTRAINT "cancellation_request_ip_addresses_request_guid_cancellation_requests_guid_fk" FOREIGN KEY ("request_guid") REFERENCES "public"."cancellation_requests"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_request_ip_addresses" ADD CONSTRAINT "cancellation_request_ip_addresses_ip_address_guid_ip_addresses_guid_fk" FOREIGN KEY ("ip_address_guid") REFERENCES "public"."ip_addresses"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_requested_by_users_guid_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD CONSTRAINT "credit_note_items_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_transaction_guid_transactions_guid_fk" FOREIGN KEY ("transaction_guid") REFERENCES "public"."transactions"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sessions" ADD CONSTRAINT "gateway_sessions_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sessions" ADD CONSTRAINT "gateway_sessions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sessions" ADD CONSTRAINT "gateway_sessions_payment_method_guid_payment_methods_guid_fk" FOREIGN KEY ("payment_method_guid") REFERENCES "public"."payment_methods"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sessions" ADD CONSTRAINT "gateway_sessions_created_by_users_guid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_guid_transactions_guid_fk" FOREIGN KEY ("transaction_guid") REFERENCES "public"."transactions"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_invoices" ADD CONSTRAINT "transaction_invoices_transaction_guid_transactions_guid_fk" FOREIGN KEY ("transaction_guid") REFERENCES "public"."transactions"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_invoices" ADD CONSTRAINT "transaction_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_method_guid_payment_methods_guid_fk" FOREIGN KEY ("payment_method_guid") REFERENCES "public"."payment_methods"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_accounts" ADD CONSTRAINT "hosting_accounts_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_accounts" ADD CONSTRAINT "hosting_accounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_accounts" ADD CONSTRAINT "hosting_accounts_plan_guid_hosting_plans_guid_fk" FOREIGN KEY ("plan_guid") REFERENCES "public"."hosting_plans"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_accounts" ADD CONSTRAINT "hosting_accounts_pending_plan_guid_hosting_plans_guid_fk" FOREIGN KEY ("pending_plan_guid") REFERENCES "public"."hosting_plans"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_accounts" ADD CONSTRAINT "hosting_accounts_location_guid_hosting_locations_guid_fk" FOREIGN KEY ("location_guid") REFERENCES "public"."hosting_locations"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_accounts" ADD CONSTRAINT "hosting_accounts_server_guid_hosting_servers_guid_fk" FOREIGN KEY ("server_guid") REFERENCES "public"."hosting_servers"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_servers" ADD CONSTRAINT "hosting_servers_location_guid_hosting_locations_guid_fk" FOREIGN KEY ("location_guid") REFERENCES "public"."hosting_locations"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_group_ip_groups" ADD CONSTRAINT "domain_group_ip_groups_domain_group_guid_domain_groups_guid_fk" FOREIGN KEY ("domain_group_guid") REFERENCES "public"."domain_groups"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_group_ip_groups" ADD CONSTRAINT "domain_group_ip_groups_ip_group_guid_ip_groups_guid_fk" FOREIGN KEY ("ip_group_guid") REFERENCES "public"."ip_groups"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_groups" ADD CONSTRAINT "domain_groups_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_groups" ADD CONSTRAINT "domain_groups_default_hosting_account_guid_hosting_accounts_guid_fk" FOREIGN KEY ("default_hosting_account_guid") REFERENCES "public"."hosting_accounts"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_notes" ADD CONSTRAINT "domain_notes_domain_guid_domains_guid_fk" FOREIGN KEY ("domain_guid") REFERENCES "public"."domains"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_notes" ADD CONSTRAINT "domain_notes_updated_by_users_guid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_group_guid_domain_groups_guid_fk" FOREIGN KEY ("group_guid") REFERENCES "public"."domain_groups"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_parent_domain_guid_domains_guid_fk" FOREIGN KEY ("parent_domain_guid") REFERENCES "public"."domains"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_ip_address_guid_ip_addresses_guid_fk" FOREIGN KEY ("ip_address_guid") REFERENCES "public"."ip_addresses"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_hosting_account_guid_hosting_accounts_guid_fk" FOREIGN KEY ("hosting_account_guid") REFERENCES "public"."hosting_accounts"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_software_preset_guid_software_presets_guid_fk" FOREIGN KEY ("software_preset_guid") REFERENCES "public"."software_presets"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_forwarders" ADD CONSTRAINT "email_forwarders_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_forwarders" ADD CONSTRAINT "email_forwarders_domain_guid_domains_guid_fk" FOREIGN KEY ("domain_guid") REFERENCES "public"."domains"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_redirects" ADD CONSTRAINT "url_redirects_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_redirects" ADD CONSTRAINT "url_redirects_domain_guid_domains_guid_fk" FOREIGN KEY ("domain_guid") REFERENCES "public"."domains"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_zone_guid_dns_zones_guid_fk" FOREIGN KEY ("zone_guid") REFERENCES "public"."dns_zones"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_zones" ADD CONSTRAINT "dns_zones_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_zones" ADD CONSTRAINT "dns_zones_domain_guid_domains_guid_fk" FOREIGN KEY ("domain_guid") REFERENCES "public"."domains"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_installations" ADD CONSTRAINT "software_installations_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_installations" ADD CONSTRAINT "software_installations_domain_guid_domains_guid_fk" FOREIGN KEY ("domain_guid") REFERENCES "public"."domains"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_installations" ADD CONSTRAINT "software_installations_software_id_software_catalogue_id_fk" FOREIGN KEY ("software_id") REFERENCES "public"."software_catalogue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_installations" ADD CONSTRAINT "software_installations_preset_guid_software_presets_guid_fk" FOREIGN KEY ("preset_guid") REFERENCES "public"."software_presets"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_preset_groups" ADD CONSTRAINT "software_preset_groups_preset_guid_software_presets_guid_fk" FOREIGN KEY ("preset_guid") REFERENCES "public"."software_presets"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_preset_items" ADD CONSTRAINT "software_preset_items_group_guid_software_preset_groups_guid_fk" FOREIGN KEY ("group_guid") REFERENCES "public"."software_preset_groups"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_presets" ADD CONSTRAINT "software_presets_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_items" ADD CONSTRAINT "task_items_task_guid_tasks_guid_fk" FOREIGN KEY ("task_guid") REFERENCES "public"."tasks"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_items" ADD CONSTRAINT "task_items_domain_guid_domains_guid_fk" FOREIGN KEY ("domain_guid") REFERENCES "public"."domains"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_domain_group_guid_domain_groups_guid_fk" FOREIGN KEY ("domain_group_guid") REFERENCES "public"."domain_groups"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_guid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_policies" ADD CONSTRAINT "firewall_policies_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_policy_domain_groups" ADD CONSTRAINT "firewall_policy_domain_groups_policy_guid_firewall_policies_guid_fk" FOREIGN KEY ("policy_guid") REFERENCES "public"."firewall_policies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_policy_domain_groups" ADD CONSTRAINT "firewall_policy_domain_groups_domain_group_guid_domain_groups_guid_fk" FOREIGN KEY ("domain_group_guid") REFERENCES "public"."domain_groups"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_policy_domains" ADD CONSTRAINT "firewall_policy_domains_policy_guid_firewall_policies_guid_fk" FOREIGN KEY ("policy_guid") REFERENCES "public"."firewall_policies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_policy_domains" ADD CONSTRAINT "firewall_policy_domains_domain_guid_domains_guid_fk" FOREIGN KEY ("domain_guid") REFERENCES "public"."domains"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_policy_rules" ADD CONSTRAINT "firewall_policy_rules_policy_guid_firewall_policies_guid_fk" FOREIGN KEY ("policy_guid") REFERENCES "public"."firewall_policies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_policy_rules" ADD CONSTRAINT "firewall_policy_rules_rule_guid_firewall_rules_guid_fk" FOREIGN KEY ("rule_guid") REFERENCES "public"."firewall_rules"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_policy_rulesets" ADD CONSTRAINT "firewall_policy_rulesets_policy_guid_firewall_policies_guid_fk" FOREIGN KEY ("policy_guid") REFERENCES "public"."firewall_policies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_policy_rulesets" ADD CONSTRAINT "firewall_policy_rulesets_ruleset_guid_firewall_rulesets_guid_fk" FOREIGN KEY ("ruleset_guid") REFERENCES "public"."firewall_rulesets"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_rules" ADD CONSTRAINT "firewall_rules_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_ruleset_rules" ADD CONSTRAINT "firewall_ruleset_rules_ruleset_guid_firewall_rulesets_guid_fk" FOREIGN KEY ("ruleset_guid") REFERENCES "public"."firewall_rulesets"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_ruleset_rules" ADD CONSTRAINT "firewall_ruleset_rules_rule_guid_firewall_rules_guid_fk" FOREIGN KEY ("rule_guid") REFERENCES "public"."firewall_rules"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_rulesets" ADD CONSTRAINT "firewall_rulesets_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_guid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_details" ADD CONSTRAINT "partner_details_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_ids" ADD CONSTRAINT "vat_ids_company_guid_companies_guid_fk" FOREIGN KEY ("company_guid") REFERENCES "public"."companies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_accounts" ADD CONSTRAINT "affiliate_accounts_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_invoice_items" ADD CONSTRAINT "affiliate_invoice_items_invoice_id_affiliate_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."affiliate_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_invoice_items" ADD CONSTRAINT "affiliate_invoice_items_referral_guid_referrals_guid_fk" FOREIGN KEY ("referral_guid") REFERENCES "public"."referrals"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_invoices" ADD CONSTRAINT "affiliate_invoices_affiliate_guid_affiliate_accounts_guid_fk" FOREIGN KEY ("affiliate_guid") REFERENCES "public"."affiliate_accounts"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_links" ADD CONSTRAINT "affiliate_links_affiliate_guid_affiliate_accounts_guid_fk" FOREIGN KEY ("affiliate_guid") REFERENCES "public"."affiliate_accounts"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payment_details" ADD CONSTRAINT "affiliate_payment_details_affiliate_guid_affiliate_accounts_guid_fk" FOREIGN KEY ("affiliate_guid") REFERENCES "public"."affiliate_accounts"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_visits" ADD CONSTRAINT "affiliate_visits_affiliate_guid_affiliate_accounts_guid_fk" FOREIGN KEY ("affiliate_guid") REFERENCES "public"."affiliate_accounts"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_visits" ADD CONSTRAINT "affiliate_visits_link_guid_affiliate_links_guid_fk" FOREIGN KEY ("link_guid") REFERENCES "public"."affiliate_links"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_affiliate_guid_affiliate_accounts_guid_fk" FOREIGN KEY ("affiliate_guid") REFERENCES "public"."affiliate_accounts"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_company_guid_companies_guid_fk" FOREIGN KEY ("referred_company_guid") REFERENCES "public"."companies"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_visit_guid_affiliate_visits_guid_fk" FOREIGN KEY ("visit_guid") REFERENCES "public"."affiliate_visits"("guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_affiliate_invoice_id_affiliate_invoices_id_fk" FOREIGN KEY ("affiliate_invoice_id") REFERENCES "public"."affiliate_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_company_idx" ON "activity_logs" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE INDEX "activity_logs_actor_idx" ON "activity_logs" USING btree ("actor_guid","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_key" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_records_user_idx" ON "login_records" USING btree ("user_guid","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_user_company_key" ON "memberships" USING btree ("user_guid","company_guid");--> statement-breakpoint
CREATE INDEX "memberships_company_idx" ON "memberships" USING btree ("company_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "session_tokens_hash_key" ON "session_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "session_tokens_user_idx" ON "session_tokens" USING btree ("user_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_devices_user_device_key" ON "trusted_devices" USING btree ("user_guid","device_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "emails_user_idx" ON "emails" USING btree ("user_guid","date_created");--> statement-breakpoint
CREATE INDEX "emails_company_idx" ON "emails" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_guid","date_created");--> statement-breakpoint
CREATE INDEX "notifications_company_idx" ON "notifications" USING btree ("company_guid");--> statement-breakpoint
CREATE INDEX "page_views_date_idx" ON "page_views" USING btree ("date_created");--> statement-breakpoint
CREATE INDEX "page_views_company_idx" ON "page_views" USING btree ("company_guid");--> statement-breakpoint
CREATE INDEX "ip_addresses_company_group_ip_idx" ON "ip_addresses" USING btree ("company_guid","group_guid","ip_numeric");--> statement-breakpoint
CREATE INDEX "ip_addresses_company_ip_idx" ON "ip_addresses" USING btree ("company_guid","ip_numeric");--> statement-breakpoint
CREATE INDEX "ip_addresses_order_idx" ON "ip_addresses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_addresses_dedicated_key" ON "ip_addresses" USING btree ("ip_address") WHERE ip_address_type = 'DEDICATED' and status not in ('CANCELLED', 'REPLACED');--> statement-breakpoint
CREATE UNIQUE INDEX "ip_addresses_company_ip_key" ON "ip_addresses" USING btree ("company_guid","ip_address") WHERE status not in ('CANCELLED', 'REPLACED');--> statement-breakpoint
CREATE INDEX "ip_groups_company_idx" ON "ip_groups" USING btree ("company_guid","name");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_inventory_ip_key" ON "ip_inventory" USING btree ("ip_address");--> statement-breakpoint
CREATE INDEX "ip_inventory_location_idx" ON "ip_inventory" USING btree ("location_guid","ip_type","ip_numeric");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_prices_key" ON "marketplace_prices" USING btree ("location_guid","ip_type","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cycles_key" ON "billing_cycles" USING btree ("order_type","name");--> statement-breakpoint
CREATE INDEX "idempotency_keys_date_idx" ON "idempotency_keys" USING btree ("date_created");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_guid","id");--> statement-breakpoint
CREATE INDEX "invoices_company_status_idx" ON "invoices" USING btree ("company_guid","status","date_due");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_guid","id");--> statement-breakpoint
CREATE INDEX "orders_company_status_idx" ON "orders" USING btree ("company_guid","status");--> statement-breakpoint
CREATE INDEX "orders_next_invoice_idx" ON "orders" USING btree ("date_next_invoice");--> statement-breakpoint
CREATE INDEX "website_setup_orders_company_idx" ON "website_setup_orders" USING btree ("company_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "website_setup_orders_order_key" ON "website_setup_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cancellation_request_ips_ip_idx" ON "cancellation_request_ip_addresses" USING btree ("ip_address_guid");--> statement-breakpoint
CREATE INDEX "cancellation_requests_company_idx" ON "cancellation_requests" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE INDEX "cancellation_requests_due_idx" ON "cancellation_requests" USING btree ("status","date_effective");--> statement-breakpoint
CREATE INDEX "credit_note_items_note_idx" ON "credit_note_items" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "credit_notes_company_idx" ON "credit_notes" USING btree ("company_guid","id");--> statement-breakpoint
CREATE INDEX "credit_transactions_note_idx" ON "credit_transactions" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "gateway_sessions_company_idx" ON "gateway_sessions" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE INDEX "payment_methods_company_idx" ON "payment_methods" USING btree ("company_guid","status");--> statement-breakpoint
CREATE INDEX "refunds_company_idx" ON "refunds" USING btree ("company_guid");--> statement-breakpoint
CREATE INDEX "refunds_invoice_idx" ON "refunds" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "transaction_invoices_invoice_idx" ON "transaction_invoices" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "transactions_company_idx" ON "transactions" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_gateway_id_key" ON "transactions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "hosting_accounts_company_idx" ON "hosting_accounts" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE INDEX "hosting_accounts_order_idx" ON "hosting_accounts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "domain_groups_company_idx" ON "domain_groups" USING btree ("company_guid","name");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_domain_key" ON "domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "domains_company_group_domain_idx" ON "domains" USING btree ("company_guid","group_guid","domain");--> statement-breakpoint
CREATE INDEX "domains_group_whois_idx" ON "domains" USING btree ("group_guid","whois_expires");--> statement-breakpoint
CREATE INDEX "domains_ip_idx" ON "domains" USING btree ("ip_address_guid");--> statement-breakpoint
CREATE INDEX "domains_hosting_idx" ON "domains" USING btree ("hosting_account_guid");--> statement-breakpoint
CREATE INDEX "domains_parent_idx" ON "domains" USING btree ("parent_domain_guid");--> statement-breakpoint
CREATE INDEX "email_forwarders_domain_idx" ON "email_forwarders" USING btree ("domain_guid");--> statement-breakpoint
CREATE INDEX "email_forwarders_company_idx" ON "email_forwarders" USING btree ("company_guid");--> statement-breakpoint
CREATE INDEX "url_redirects_domain_idx" ON "url_redirects" USING btree ("domain_guid","date_created");--> statement-breakpoint
CREATE INDEX "url_redirects_company_idx" ON "url_redirects" USING btree ("company_guid");--> statement-breakpoint
CREATE INDEX "dns_records_zone_idx" ON "dns_records" USING btree ("zone_guid","type","name");--> statement-breakpoint
CREATE UNIQUE INDEX "dns_zones_domain_key" ON "dns_zones" USING btree ("domain_guid");--> statement-breakpoint
CREATE INDEX "dns_zones_company_idx" ON "dns_zones" USING btree ("company_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "software_installations_domain_key" ON "software_installations" USING btree ("domain_guid");--> statement-breakpoint
CREATE INDEX "software_installations_company_idx" ON "software_installations" USING btree ("company_guid");--> statement-breakpoint
CREATE INDEX "software_preset_groups_preset_idx" ON "software_preset_groups" USING btree ("preset_guid");--> statement-breakpoint
CREATE INDEX "software_preset_items_group_idx" ON "software_preset_items" USING btree ("group_guid");--> statement-breakpoint
CREATE INDEX "software_presets_company_idx" ON "software_presets" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE INDEX "task_items_task_idx" ON "task_items" USING btree ("task_guid","position");--> statement-breakpoint
CREATE INDEX "task_items_due_idx" ON "task_items" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "tasks_company_idx" ON "tasks" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE INDEX "tasks_group_idx" ON "tasks" USING btree ("domain_group_guid","date_created");--> statement-breakpoint
CREATE INDEX "firewall_policies_company_idx" ON "firewall_policies" USING btree ("company_guid","priority");--> statement-breakpoint
CREATE INDEX "firewall_policy_domains_domain_idx" ON "firewall_policy_domains" USING btree ("domain_guid");--> statement-breakpoint
CREATE INDEX "firewall_policy_rules_rule_idx" ON "firewall_policy_rules" USING btree ("rule_guid");--> statement-breakpoint
CREATE INDEX "firewall_policy_rulesets_ruleset_idx" ON "firewall_policy_rulesets" USING btree ("ruleset_guid");--> statement-breakpoint
CREATE INDEX "firewall_rules_company_idx" ON "firewall_rules" USING btree ("company_guid","priority");--> statement-breakpoint
CREATE INDEX "firewall_ruleset_rules_rule_idx" ON "firewall_ruleset_rules" USING btree ("rule_guid");--> statement-breakpoint
CREATE INDEX "firewall_rulesets_company_idx" ON "firewall_rulesets" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_user_key" ON "api_keys" USING btree ("user_guid");--> statement-breakpoint
CREATE INDEX "contacts_company_idx" ON "contacts" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_details_domain_key" ON "partner_details" USING btree ("custom_domain");--> statement-breakpoint
CREATE INDEX "vat_ids_company_idx" ON "vat_ids" USING btree ("company_guid","date_created");--> statement-breakpoint
CREATE INDEX "affiliate_invoice_items_invoice_idx" ON "affiliate_invoice_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "affiliate_invoices_affiliate_idx" ON "affiliate_invoices" USING btree ("affiliate_guid","id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_links_hash_key" ON "affiliate_links" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "affiliate_links_affiliate_idx" ON "affiliate_links" USING btree ("affiliate_guid","date_created");--> statement-breakpoint
CREATE INDEX "affiliate_payment_details_affiliate_idx" ON "affiliate_payment_details" USING btree ("affiliate_guid","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_visits_click_key" ON "affiliate_visits" USING btree ("click_id");--> statement-breakpoint
CREATE INDEX "affiliate_visits_affiliate_idx" ON "affiliate_visits" USING btree ("affiliate_guid","date_created");--> statement-breakpoint
CREATE INDEX "referrals_affiliate_idx" ON "referrals" USING btree ("affiliate_guid","date_created");