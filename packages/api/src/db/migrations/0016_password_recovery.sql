CREATE TABLE "password_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"password_hash" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"cod_pessoa" integer PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "password_resets_attempts" CHECK ("password_resets"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_history_pessoa_idx" ON "password_history" USING btree ("cod_pessoa","changed_at");