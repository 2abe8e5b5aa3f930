CREATE TABLE "deviations" (
	"cod_afastamento" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"cod_biblioteca" integer,
	"motivo" text NOT NULL,
	"inicio" date NOT NULL,
	"fim" date,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deviations_period" CHECK ("deviations"."fim" is null or "deviations"."fim" >= "deviations"."inicio")
);
--> statement-breakpoint
CREATE TABLE "loan_tokens" (
	"cod_pessoa" integer PRIMARY KEY NOT NULL,
	"valor" text NOT NULL,
	"valido_ate" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "no_debt_declarations" (
	"cod_declaracao" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"codigo" text NOT NULL,
	"emitida_em" timestamp with time zone DEFAULT now() NOT NULL,
	"cod_afastamento" integer NOT NULL,
	CONSTRAINT "no_debt_declarations_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
ALTER TABLE "deviations" ADD CONSTRAINT "deviations_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deviations" ADD CONSTRAINT "deviations_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_tokens" ADD CONSTRAINT "loan_tokens_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_debt_declarations" ADD CONSTRAINT "no_debt_declarations_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_debt_declarations" ADD CONSTRAINT "no_debt_declarations_cod_afastamento_deviations_cod_afastamento_fk" FOREIGN KEY ("cod_afastamento") REFERENCES "public"."deviations"("cod_afastamento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deviations_pessoa_idx" ON "deviations" USING btree ("cod_pessoa");--> statement-breakpoint
CREATE INDEX "no_debt_declarations_pessoa_idx" ON "no_debt_declarations" USING btree ("cod_pessoa");