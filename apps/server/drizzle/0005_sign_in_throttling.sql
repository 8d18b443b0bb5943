CREATE TABLE "login_client_failures" (
	"login_name" text NOT NULL,
	"client_address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_client_failures_login_name_client_address_pk" PRIMARY KEY("login_name","client_address")
);
