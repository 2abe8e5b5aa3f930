CREATE TABLE "erasure_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"motivo" text,
	"situacao" text DEFAULT 'aberta' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erasure_requests_situacao" CHECK ("erasure_requests"."situacao" in ('aberta', 'atendida', 'recusada')),
	CONSTRAINT "erasure_requests_motivo_length" CHECK ("erasure_requests"."motivo" is null or char_length("erasure_requests"."motivo") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "personal_data" (
	"cod_pessoa" integer PRIMARY KEY NOT NULL,
	"logradouro" text,
	"complemento" text,
	"cep" text,
	"cidade" text,
	"bairro" text,
	"documento_identidade" text,
	"nacionalidade" text,
	"genero" text,
	"data_nascimento" date,
	"escolaridade" text,
	"lotacao" integer,
	"profissao" text,
	"estado_civil" text,
	"telefone" text,
	"recebe_emails" boolean DEFAULT true NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_data_cep" CHECK ("personal_data"."cep" is null or "personal_data"."cep" ~ '^[0-9]{8}$'),
	CONSTRAINT "personal_data_telefone" CHECK ("personal_data"."telefone" is null or "personal_data"."telefone" ~ '^[0-9() -]{1,16}$'),
	CONSTRAINT "personal_data_estado_civil" CHECK ("personal_data"."estado_civil" is null or "personal_data"."estado_civil" in ('solteiro', 'casado', 'separado', 'divorciado', 'viuvo', 'outro')),
	CONSTRAINT "personal_data_genero" CHECK ("personal_data"."genero" is null or "personal_data"."genero" in ('feminino', 'masculino', 'nao_binario', 'outro', 'nao_informado')),
	CONSTRAINT "personal_data_escolaridade" CHECK ("personal_data"."escolaridade" is null or "personal_data"."escolaridade" in ('fundamental', 'medio', 'tecnico', 'superior_incompleto', 'superior', 'especializacao', 'mestrado', 'doutorado'))
);
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "validade" date;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "login" text;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data" ADD CONSTRAINT "personal_data_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data" ADD CONSTRAINT "personal_data_lotacao_courses_cod_curso_fk" FOREIGN KEY ("lotacao") REFERENCES "public"."courses"("cod_curso") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasure_requests_pessoa_idx" ON "erasure_requests" USING btree ("cod_pessoa","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_one_open" ON "erasure_requests" USING btree ("cod_pessoa") WHERE "erasure_requests"."situacao" = 'aberta';