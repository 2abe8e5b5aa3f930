-- Issue 57, the cataloguing screens (decision 0057). A title the library hides from its OPAC
-- (suppressed): out of the searches, SRU and the sitemap, its page a 404 to patrons, deleted to
-- OAI-PMH harvesters; the staff still see and edit it. Changing it moves the catalogue's version
-- (titles_catalog_version), so the search index reads the catalogue again.
ALTER TABLE "titles" ADD COLUMN "suppressed" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A MARC file uploaded from the staff area and imported in the background: its progress and,
-- once done, its report, kept in the database so that whichever API process a screen's poll
-- reaches answers it; one runs at a time (the partial unique index), a row not moved for
-- minutes is an import its process did not finish (catalog/cataloguing.service.ts).
CREATE TABLE "catalog_uploads" (
  "id" serial PRIMARY KEY NOT NULL,
  "arquivo" text NOT NULL,
  "autor" text NOT NULL,
  "estado" text DEFAULT 'executando' NOT NULL,
  "bytes" bigint DEFAULT 0 NOT NULL,
  "total" bigint NOT NULL,
  "lidos" integer DEFAULT 0 NOT NULL,
  "relatorio" jsonb,
  "erro" text,
  "iniciada_em" timestamp with time zone DEFAULT now() NOT NULL,
  "atualizada_em" timestamp with time zone DEFAULT now() NOT NULL,
  "terminada_em" timestamp with time zone,
  CONSTRAINT "catalog_uploads_estado" CHECK ("estado" in ('executando', 'concluida', 'falhou', 'interrompida'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_uploads_one_running" ON "catalog_uploads" USING btree ((true)) WHERE "estado" = 'executando';
