-- Issue 52: a library blocks and unblocks a patron with a reason (no more SQL), and every act of
-- its staff that changes a person's standing leaves a row saying who did what, to whom, when
-- and why. The staff area (issue 53) writes here too.
ALTER TABLE "people" ADD COLUMN "motivo_bloqueio" text;
--> statement-breakpoint
CREATE TABLE "staff_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"autor" text NOT NULL,
	"acao" text NOT NULL,
	"alvo" text NOT NULL,
	"motivo" text,
	"detalhes" jsonb,
	CONSTRAINT "staff_audit_acao_format" CHECK ("acao" ~ '^[a-z]+\.[a-z_]+$')
);
--> statement-breakpoint
CREATE INDEX "staff_audit_alvo_em" ON "staff_audit" ("alvo", "em" DESC);
