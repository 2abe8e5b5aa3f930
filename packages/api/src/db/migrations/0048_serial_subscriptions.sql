-- Issue 54: the serials a library takes (from which month, at which frequency when the title's
-- own — MARC 008/18 or 310 — is not the one to follow), so its Kardex lays out the issues
-- expected; an issue that did not come may be claimed (when, and what was said).
CREATE TABLE "serial_subscriptions" (
  "cod_acervo" integer NOT NULL REFERENCES "titles"("cod_acervo") ON DELETE CASCADE,
  "cod_biblioteca" integer NOT NULL REFERENCES "libraries"("cod_biblioteca") ON DELETE CASCADE,
  "periodicidade" text,
  "inicio" date NOT NULL,
  CONSTRAINT "serial_subscriptions_pk" PRIMARY KEY ("cod_acervo", "cod_biblioteca"),
  CONSTRAINT "serial_subscriptions_periodicidade" CHECK ("periodicidade" in ('m', 'b', 'q', 't', 'f', 'a')),
  CONSTRAINT "serial_subscriptions_inicio" CHECK (extract(day from "inicio") = 1)
);
--> statement-breakpoint
ALTER TABLE "serial_issues" ADD COLUMN "reclamado_em" date;
--> statement-breakpoint
ALTER TABLE "serial_issues" ADD COLUMN "reclamacao" text;
