-- issue 57, the MARC editor (decision 0058): a title's earlier versions of its record. The row of
-- version n keeps the record as it was from `criada_em` until the save of version n + 1
-- (`substituida_em`, by `substituida_por`); the current record stays in titles.marc, and its version
-- is one more than the rows kept. They go with their title.
CREATE TABLE title_versions (
  cod_acervo integer NOT NULL REFERENCES titles (cod_acervo) ON DELETE CASCADE,
  versao integer NOT NULL,
  marc jsonb NOT NULL,
  criada_em timestamp with time zone NOT NULL,
  substituida_em timestamp with time zone NOT NULL DEFAULT now(),
  substituida_por text NOT NULL,
  PRIMARY KEY (cod_acervo, versao),
  CONSTRAINT title_versions_versao_positive CHECK (versao >= 1)
);
