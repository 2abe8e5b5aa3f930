CREATE TABLE "circulation_policies" (
	"cod_tipo_emprestimo" smallint NOT NULL,
	"cod_categoria" text NOT NULL,
	"prazo_dias" smallint NOT NULL,
	"limite_renovacoes" smallint NOT NULL,
	"permite_reserva" boolean NOT NULL,
	"multa_dia" numeric(8, 2) NOT NULL,
	CONSTRAINT "circulation_policies_cod_tipo_emprestimo_cod_categoria_pk" PRIMARY KEY("cod_tipo_emprestimo","cod_categoria"),
	CONSTRAINT "circulation_policies_values" CHECK ("circulation_policies"."prazo_dias" between 1 and 365 and "circulation_policies"."limite_renovacoes" >= 0 and "circulation_policies"."multa_dia" >= 0)
);
--> statement-breakpoint
CREATE TABLE "holds" (
	"cod_reserva" serial PRIMARY KEY NOT NULL,
	"cod_acervo" integer NOT NULL,
	"cod_biblioteca" integer NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"volume" text,
	"tomo" text,
	"parte" text,
	"material" text,
	"situacao" text DEFAULT 'fila' NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"liberada_em" timestamp with time zone,
	"prazo_retirada" date,
	"cod_exemplar" integer,
	"encerrada_em" timestamp with time zone,
	CONSTRAINT "holds_situacao_valid" CHECK ("holds"."situacao" in ('fila', 'liberada', 'atendida', 'cancelada', 'expirada')),
	CONSTRAINT "holds_released_has_copy" CHECK (("holds"."situacao" <> 'liberada') or ("holds"."cod_exemplar" is not null and "holds"."liberada_em" is not null and "holds"."prazo_retirada" is not null)),
	CONSTRAINT "holds_closed_has_date" CHECK (("holds"."situacao" in ('fila', 'liberada')) = ("holds"."encerrada_em" is null))
);
--> statement-breakpoint
CREATE TABLE "library_closed_days" (
	"cod_biblioteca" integer NOT NULL,
	"dia" date NOT NULL,
	"motivo" text,
	CONSTRAINT "library_closed_days_cod_biblioteca_dia_pk" PRIMARY KEY("cod_biblioteca","dia")
);
--> statement-breakpoint
ALTER TABLE "circulation_policies" ADD CONSTRAINT "circulation_policies_cod_tipo_emprestimo_loan_types_cod_tipo_emprestimo_fk" FOREIGN KEY ("cod_tipo_emprestimo") REFERENCES "public"."loan_types"("cod_tipo_emprestimo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circulation_policies" ADD CONSTRAINT "circulation_policies_cod_categoria_patron_categories_cod_categoria_fk" FOREIGN KEY ("cod_categoria") REFERENCES "public"."patron_categories"("cod_categoria") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_cod_acervo_titles_cod_acervo_fk" FOREIGN KEY ("cod_acervo") REFERENCES "public"."titles"("cod_acervo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_cod_exemplar_copies_cod_exemplar_fk" FOREIGN KEY ("cod_exemplar") REFERENCES "public"."copies"("cod_exemplar") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_closed_days" ADD CONSTRAINT "library_closed_days_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holds_queue_idx" ON "holds" USING btree ("cod_acervo","cod_biblioteca","cod_reserva");--> statement-breakpoint
CREATE INDEX "holds_pessoa_idx" ON "holds" USING btree ("cod_pessoa");--> statement-breakpoint
CREATE UNIQUE INDEX "holds_one_active_per_person" ON "holds" USING btree ("cod_pessoa","cod_acervo","cod_biblioteca",coalesce("volume", ''),coalesce("tomo", ''),coalesce("parte", '')) WHERE "holds"."situacao" in ('fila', 'liberada');--> statement-breakpoint
CREATE UNIQUE INDEX "holds_one_per_kept_copy" ON "holds" USING btree ("cod_exemplar") WHERE "holds"."situacao" = 'liberada';