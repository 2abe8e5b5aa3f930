-- Issue 55: patron categories ("Aluno de doutorado") are controlled values a patron reads in the
-- catalogue's language too: a kind of their own among the value translations.
ALTER TABLE "value_translations" DROP CONSTRAINT "value_translations_kind";
--> statement-breakpoint
ALTER TABLE "value_translations" ADD CONSTRAINT "value_translations_kind" CHECK ("value_translations"."kind" in ('area', 'tipo_area', 'tipo_emprestimo', 'colecao', 'categoria'));
--> statement-breakpoint
-- An event's title, description and place in English and Spanish ({"en": {"titulo": …, "local": …},
-- "es": {…}}, as the institution's own texts are kept); what a language lacks reads in Portuguese.
ALTER TABLE "institution_events" ADD COLUMN "traducoes" jsonb NOT NULL DEFAULT '{}'::jsonb;
