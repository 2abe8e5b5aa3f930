ALTER TABLE "titles" ADD COLUMN "dados_adicionais" text[];--> statement-breakpoint
-- Work types the archive, normative-acts and jurisprudence guides (and technical standards) search.
INSERT INTO work_types (cod_tipo_obra, desc_tipo_obra) VALUES
  (16, 'Documento de arquivo'),
  (17, 'Ato normativo'),
  (18, 'Jurisprudência'),
  (19, 'Norma técnica')
ON CONFLICT (cod_tipo_obra) DO NOTHING;
