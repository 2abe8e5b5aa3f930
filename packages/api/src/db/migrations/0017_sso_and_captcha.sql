CREATE TABLE "captcha_uses" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_sign_ins" (
	"handle" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text,
	"code_verifier" text,
	"oidc_nonce" text,
	"redirect" text,
	"cod_pessoa" integer,
	"error_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "sso_sign_ins_state_unique" UNIQUE("state"),
	CONSTRAINT "sso_sign_ins_kind" CHECK ("sso_sign_ins"."kind" in ('oidc', 'saml', 'saml-request')),
	CONSTRAINT "sso_sign_ins_outcome" CHECK (not ("sso_sign_ins"."cod_pessoa" is not null and "sso_sign_ins"."error_key" is not null))
);
--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD CONSTRAINT "sso_sign_ins_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;