CREATE TABLE "loan_notices" (
	"cod_emprestimo" integer NOT NULL,
	"tipo" text NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_notices_cod_emprestimo_tipo_pk" PRIMARY KEY("cod_emprestimo","tipo"),
	CONSTRAINT "loan_notices_tipo_valid" CHECK ("loan_notices"."tipo" in ('lembrete', 'atraso'))
);
--> statement-breakpoint
ALTER TABLE "loan_notices" ADD CONSTRAINT "loan_notices_cod_emprestimo_loans_cod_emprestimo_fk" FOREIGN KEY ("cod_emprestimo") REFERENCES "public"."loans"("cod_emprestimo") ON DELETE cascade ON UPDATE no action;