CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
