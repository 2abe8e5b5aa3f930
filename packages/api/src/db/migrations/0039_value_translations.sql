CREATE TABLE "value_translations" (
	"kind" text NOT NULL,
	"valor" text NOT NULL,
	"en" text,
	"es" text,
	CONSTRAINT "value_translations_kind_valor_pk" PRIMARY KEY("kind","valor"),
	CONSTRAINT "value_translations_kind" CHECK ("value_translations"."kind" in ('area', 'tipo_area', 'tipo_emprestimo', 'colecao'))
);
--> statement-breakpoint
-- The CNPq major areas (migration 0008) and their kind, in English and Spanish.
INSERT INTO value_translations (kind, valor, en, es) VALUES
  ('tipo_area', 'Grande área (CNPq)', 'Major area (CNPq)', 'Gran área (CNPq)'),
  ('area', 'Ciências Exatas e da Terra', 'Exact and Earth Sciences', 'Ciencias Exactas y de la Tierra'),
  ('area', 'Ciências Biológicas', 'Biological Sciences', 'Ciencias Biológicas'),
  ('area', 'Engenharias', 'Engineering', 'Ingenierías'),
  ('area', 'Ciências da Saúde', 'Health Sciences', 'Ciencias de la Salud'),
  ('area', 'Ciências Agrárias', 'Agricultural Sciences', 'Ciencias Agrarias'),
  ('area', 'Ciências Sociais Aplicadas', 'Applied Social Sciences', 'Ciencias Sociales Aplicadas'),
  ('area', 'Ciências Humanas', 'Humanities', 'Ciencias Humanas'),
  ('area', 'Linguística, Letras e Artes', 'Linguistics, Letters and Arts', 'Lingüística, Letras y Artes')
ON CONFLICT DO NOTHING;
