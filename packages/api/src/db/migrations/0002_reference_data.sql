-- Reference data the importer relies on: work types derived from MARC, and the product's activities.
INSERT INTO work_types (cod_tipo_obra, desc_tipo_obra) VALUES
  (1, 'Livro'),
  (2, 'Periódico'),
  (3, 'Artigo de periódico'),
  (4, 'Tese/Dissertação'),
  (5, 'Partitura'),
  (6, 'Mapa'),
  (7, 'Vídeo/Filme'),
  (8, 'Gravação sonora musical'),
  (9, 'Gravação sonora não musical'),
  (10, 'Material gráfico'),
  (11, 'Recurso eletrônico'),
  (12, 'Manuscrito'),
  (13, 'Material misto'),
  (14, 'Objeto tridimensional'),
  (15, 'Capítulo de livro');--> statement-breakpoint
-- Activities named in spec §6 (module 3: the catalogue).
INSERT INTO activities (cod_modulo, cod_atividade, descricao) VALUES
  (3, 8, 'Meu Pergamum'),
  (3, 12, 'Sugestão de aquisição'),
  (3, 13, 'Comentários'),
  (3, 57, 'ICAP'),
  (3, 87, 'Catálogo da Rede Pergamum'),
  (3, 88, 'Logo do produto'),
  (3, 107, 'Manter sessão local após login em modal'),
  (3, 1120, 'reCAPTCHA no login');
