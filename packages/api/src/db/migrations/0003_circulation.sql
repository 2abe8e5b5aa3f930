CREATE TABLE "debts" (
	"cod_debito" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"cod_emprestimo" integer,
	"tipo_servico" text NOT NULL,
	"valor" numeric(10, 2) NOT NULL,
	"desconto" numeric(10, 2) DEFAULT '0' NOT NULL,
	"valor_pago" numeric(10, 2) DEFAULT '0' NOT NULL,
	"data_pagamento" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debts_service_valid" CHECK ("debts"."tipo_servico" in ('multa_atraso', 'perda_material', 'comutacao', 'reprografia')),
	CONSTRAINT "debts_amounts_valid" CHECK ("debts"."valor" > 0 and "debts"."desconto" >= 0 and "debts"."valor_pago" >= 0 and "debts"."desconto" + "debts"."valor_pago" <= "debts"."valor"),
	CONSTRAINT "debts_paid_at_with_payment" CHECK (("debts"."data_pagamento" is null) = ("debts"."valor_pago" = 0))
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"cod_emprestimo" serial PRIMARY KEY NOT NULL,
	"cod_exemplar" integer NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"data_emprestimo" timestamp with time zone DEFAULT now() NOT NULL,
	"data_devolucao_prevista" date NOT NULL,
	"data_devolucao" timestamp with time zone,
	"renovacoes" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "loans_renewals_non_negative" CHECK ("loans"."renovacoes" >= 0),
	CONSTRAINT "loans_due_after_loan" CHECK ("loans"."data_devolucao_prevista" >= "loans"."data_emprestimo"::date),
	CONSTRAINT "loans_returned_after_loan" CHECK ("loans"."data_devolucao" is null or "loans"."data_devolucao" >= "loans"."data_emprestimo")
);
--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_cod_emprestimo_loans_cod_emprestimo_fk" FOREIGN KEY ("cod_emprestimo") REFERENCES "public"."loans"("cod_emprestimo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_cod_exemplar_copies_cod_exemplar_fk" FOREIGN KEY ("cod_exemplar") REFERENCES "public"."copies"("cod_exemplar") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debts_pessoa_idx" ON "debts" USING btree ("cod_pessoa");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open_per_copy" ON "loans" USING btree ("cod_exemplar") WHERE "loans"."data_devolucao" is null;--> statement-breakpoint
CREATE INDEX "loans_pessoa_idx" ON "loans" USING btree ("cod_pessoa");