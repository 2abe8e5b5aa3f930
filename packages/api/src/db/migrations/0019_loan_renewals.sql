CREATE TABLE "loan_renewals" (
	"cod_renovacao" serial PRIMARY KEY NOT NULL,
	"cod_emprestimo" integer NOT NULL,
	"renovado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"devolucao_anterior" date NOT NULL,
	"nova_devolucao" date NOT NULL,
	"chave" text NOT NULL,
	CONSTRAINT "loan_renewals_later" CHECK ("loan_renewals"."nova_devolucao" > "loan_renewals"."devolucao_anterior")
);
--> statement-breakpoint
ALTER TABLE "loan_renewals" ADD CONSTRAINT "loan_renewals_cod_emprestimo_loans_cod_emprestimo_fk" FOREIGN KEY ("cod_emprestimo") REFERENCES "public"."loans"("cod_emprestimo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_renewals_emprestimo_idx" ON "loan_renewals" USING btree ("cod_emprestimo");--> statement-breakpoint
CREATE INDEX "loan_renewals_chave_idx" ON "loan_renewals" USING btree ("chave");