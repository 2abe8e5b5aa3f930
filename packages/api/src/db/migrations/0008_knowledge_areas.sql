-- The CNPq major knowledge areas (facet K): reference data every catalogue needs, since the
-- import derives each title's area from its Dewey class (derive.ts, knowledgeArea). Routes are
-- the names folded for URLs.
INSERT INTO knowledge_areas (cod_area_conhecimento, cod_tipo_area_conhec, desc_tipo_area_conhec, descricao, rota) VALUES
  (1, 1, 'Grande área (CNPq)', 'Ciências Exatas e da Terra', 'ciencias-exatas-e-da-terra'),
  (2, 1, 'Grande área (CNPq)', 'Ciências Biológicas', 'ciencias-biologicas'),
  (3, 1, 'Grande área (CNPq)', 'Engenharias', 'engenharias'),
  (4, 1, 'Grande área (CNPq)', 'Ciências da Saúde', 'ciencias-da-saude'),
  (5, 1, 'Grande área (CNPq)', 'Ciências Agrárias', 'ciencias-agrarias'),
  (6, 1, 'Grande área (CNPq)', 'Ciências Sociais Aplicadas', 'ciencias-sociais-aplicadas'),
  (7, 1, 'Grande área (CNPq)', 'Ciências Humanas', 'ciencias-humanas'),
  (8, 1, 'Grande área (CNPq)', 'Linguística, Letras e Artes', 'linguistica-letras-e-artes')
ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('knowledge_areas', 'cod_area_conhecimento'), greatest(8, (SELECT max(cod_area_conhecimento) FROM knowledge_areas)));
