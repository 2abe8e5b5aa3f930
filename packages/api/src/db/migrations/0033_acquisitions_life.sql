CREATE TABLE "e_resources" (
	"cod_base" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"area" text,
	"url" text NOT NULL,
	"acesso_remoto" boolean DEFAULT true NOT NULL,
	"categorias" text[],
	CONSTRAINT "e_resources_nome_unique" UNIQUE("nome"),
	CONSTRAINT "e_resources_url" CHECK ("e_resources"."url" ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"cod_pedido" serial PRIMARY KEY NOT NULL,
	"cod_biblioteca" integer NOT NULL,
	"fornecedor" text NOT NULL,
	"previsao_entrega" date,
	"nota" text,
	"encerrado" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_fornecedor" CHECK (btrim("purchase_orders"."fornecedor") <> '')
);
--> statement-breakpoint
CREATE TABLE "suggestion_events" (
	"cod_evento" serial PRIMARY KEY NOT NULL,
	"cod_sugestao" integer NOT NULL,
	"situacao" text NOT NULL,
	"nota" text,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "copies" ADD COLUMN "data_aquisicao" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "professors" ADD COLUMN "cod_pessoa" integer;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD COLUMN "quantidade" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD COLUMN "data_cotacao" date;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD COLUMN "obra_estrangeira" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD COLUMN "total_entregue" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD COLUMN "cod_pedido" integer;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD COLUMN "cod_acervo" integer;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD COLUMN "nota" text;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD COLUMN "atualizado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_events" ADD CONSTRAINT "suggestion_events_cod_sugestao_acquisition_suggestions_id_fk" FOREIGN KEY ("cod_sugestao") REFERENCES "public"."acquisition_suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suggestion_events_sugestao_idx" ON "suggestion_events" USING btree ("cod_sugestao");--> statement-breakpoint
ALTER TABLE "professors" ADD CONSTRAINT "professors_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD CONSTRAINT "acquisition_suggestions_cod_pedido_purchase_orders_cod_pedido_fk" FOREIGN KEY ("cod_pedido") REFERENCES "public"."purchase_orders"("cod_pedido") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD CONSTRAINT "acquisition_suggestions_cod_acervo_titles_cod_acervo_fk" FOREIGN KEY ("cod_acervo") REFERENCES "public"."titles"("cod_acervo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acquisition_suggestions_situacao_idx" ON "acquisition_suggestions" USING btree ("situacao");--> statement-breakpoint
CREATE INDEX "acquisition_suggestions_pedido_idx" ON "acquisition_suggestions" USING btree ("cod_pedido");--> statement-breakpoint
ALTER TABLE "professors" ADD CONSTRAINT "professors_cod_pessoa_unique" UNIQUE("cod_pessoa");--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD CONSTRAINT "acquisition_suggestions_situacao_valid" CHECK ("acquisition_suggestions"."situacao" in ('aguardando_entrega', 'atendida', 'cancelada', 'duplicada', 'em_cotacao', 'esgotada', 'finalizada_incompleta', 'ja_existe', 'nao_atendida', 'nao_localizada', 'parcialmente_atendida', 'em_negociacao', 'pre_sugestao', 'sugestao_compra'));--> statement-breakpoint
ALTER TABLE "acquisition_suggestions" ADD CONSTRAINT "acquisition_suggestions_counts" CHECK ("acquisition_suggestions"."quantidade" between 1 and 9999 and "acquisition_suggestions"."total_entregue" between 0 and "acquisition_suggestions"."quantidade");--> statement-breakpoint
UPDATE "copies" c SET "data_aquisicao" = t."created_at"::date FROM "titles" t WHERE t."cod_acervo" = c."cod_acervo" AND c."data_aquisicao" <> t."created_at"::date;--> statement-breakpoint
INSERT INTO "suggestion_events" ("cod_sugestao", "situacao", "em") SELECT "id", "situacao", "enviado_em" FROM "acquisition_suggestions";
