-- Issue 54: every e-mail the library sends, as the administration reads it: to whom, the
-- subject, sent or failed and why; the text kept for a resend unless it carries a secret (a
-- recovery code). Kept 90 days (the jobs.mail-log job).
CREATE TABLE "mail_log" (
  "id" bigserial PRIMARY KEY,
  "em" timestamp with time zone NOT NULL DEFAULT now(),
  "para" text[] NOT NULL,
  "responder" text,
  "assunto" text NOT NULL,
  "corpo" text,
  "anexos" smallint NOT NULL DEFAULT 0,
  "situacao" text NOT NULL,
  "erro" text,
  "reenvio_de" bigint REFERENCES "mail_log"("id") ON DELETE SET NULL,
  CONSTRAINT "mail_log_situacao" CHECK ("situacao" in ('enviado', 'falhou'))
);
--> statement-breakpoint
CREATE INDEX "mail_log_em" ON "mail_log" ("em" DESC);
