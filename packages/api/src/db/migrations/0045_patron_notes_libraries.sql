-- Issue 53: what the desk notes about a patron (shown to the staff on the desk and the record,
-- never to the patron), the libraries a patron is registered at (the record's "Bibliotecas"), and
-- the language the patron last signed in with (a receipt from the desk is written in it).
CREATE TABLE "patron_notes" (
  "id" serial PRIMARY KEY,
  "cod_pessoa" integer NOT NULL REFERENCES "people"("cod_pessoa") ON DELETE CASCADE,
  "texto" text NOT NULL,
  "autor" integer REFERENCES "people"("cod_pessoa") ON DELETE SET NULL,
  "criado_em" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "patron_notes_texto" CHECK (char_length("texto") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE INDEX "patron_notes_pessoa" ON "patron_notes" ("cod_pessoa", "criado_em" DESC);
--> statement-breakpoint
CREATE TABLE "patron_libraries" (
  "cod_pessoa" integer NOT NULL REFERENCES "people"("cod_pessoa") ON DELETE CASCADE,
  "cod_biblioteca" integer NOT NULL REFERENCES "libraries"("cod_biblioteca") ON DELETE CASCADE,
  CONSTRAINT "patron_libraries_pk" PRIMARY KEY ("cod_pessoa", "cod_biblioteca")
);
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "idioma" text CONSTRAINT "people_idioma" CHECK ("idioma" in ('pt', 'en', 'es'));
