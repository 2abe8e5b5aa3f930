-- Issue 54: a quote names its unit price and supplier; each library has a budget per fiscal
-- (calendar) year, against which what open orders commit and what was delivered is counted.
ALTER TABLE "acquisition_suggestions" ADD COLUMN "preco" numeric(10, 2) CONSTRAINT "acquisition_suggestions_preco" CHECK ("preco" >= 0);
--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD COLUMN "fornecedor" text;
--> statement-breakpoint
CREATE TABLE "acquisition_budgets" (
  "cod_biblioteca" integer NOT NULL REFERENCES "libraries"("cod_biblioteca") ON DELETE CASCADE,
  "ano" smallint NOT NULL,
  "valor" numeric(12, 2) NOT NULL,
  CONSTRAINT "acquisition_budgets_pk" PRIMARY KEY ("cod_biblioteca", "ano"),
  CONSTRAINT "acquisition_budgets_valor" CHECK ("valor" >= 0),
  CONSTRAINT "acquisition_budgets_ano" CHECK ("ano" BETWEEN 2000 AND 2100)
);
