CREATE TABLE "activities" (
	"cod_modulo" integer NOT NULL,
	"cod_atividade" integer NOT NULL,
	"descricao" text NOT NULL,
	CONSTRAINT "activities_cod_modulo_cod_atividade_pk" PRIMARY KEY("cod_modulo","cod_atividade")
);
--> statement-breakpoint
CREATE TABLE "campuses" (
	"cod_campus" serial PRIMARY KEY NOT NULL,
	"nome_campus" text NOT NULL,
	CONSTRAINT "campuses_nome_campus_unique" UNIQUE("nome_campus")
);
--> statement-breakpoint
CREATE TABLE "institution" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"cod_empresa" integer NOT NULL,
	"sigla" text NOT NULL,
	"nome" text NOT NULL,
	"denominacao_login" text DEFAULT 'Usuário' NOT NULL,
	"destino_padrao_login" text DEFAULT 'C' NOT NULL,
	"usa_oidc" boolean DEFAULT false NOT NULL,
	"link_logout_oidc" text,
	"link_logout_saml" text,
	"msg_login" text,
	"msg_suporte_consulta" text,
	"link_lgpd" text,
	"tema" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parametros" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "institution_singleton" CHECK ("institution"."id" = 1),
	CONSTRAINT "institution_destino" CHECK ("institution"."destino_padrao_login" in ('C', 'M'))
);
--> statement-breakpoint
CREATE TABLE "institution_activities" (
	"cod_modulo" integer NOT NULL,
	"cod_atividade" integer NOT NULL,
	CONSTRAINT "institution_activities_cod_modulo_cod_atividade_pk" PRIMARY KEY("cod_modulo","cod_atividade")
);
--> statement-breakpoint
CREATE TABLE "libraries" (
	"cod_biblioteca" serial PRIMARY KEY NOT NULL,
	"cod_campus" integer NOT NULL,
	"desc_biblioteca" text NOT NULL,
	"sigla" text NOT NULL,
	"email" text,
	CONSTRAINT "libraries_desc_biblioteca_unique" UNIQUE("desc_biblioteca"),
	CONSTRAINT "libraries_sigla_unique" UNIQUE("sigla")
);
--> statement-breakpoint
CREATE TABLE "search_guides" (
	"codigo" text PRIMARY KEY NOT NULL,
	"rota" text NOT NULL,
	"ordem" smallint NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "search_guides_rota_unique" UNIQUE("rota"),
	CONSTRAINT "search_guides_rota" CHECK ("search_guides"."rota" ~ '^[a-z0-9-]+$')
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "authorities" (
	"cod_autoridade" serial PRIMARY KEY NOT NULL,
	"control_number" text NOT NULL,
	"tipo" text NOT NULL,
	"heading" text NOT NULL,
	"marc" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authorities_control_number_unique" UNIQUE("control_number"),
	CONSTRAINT "authorities_tipo_valid" CHECK ("authorities"."tipo" in ('autor_pessoa', 'autor_entidade', 'autor_evento', 'titulo_uniforme', 'assunto', 'assunto_geografico', 'genero_forma', 'termo_cronologico', 'subdivisao_geral', 'subdivisao_genero_forma', 'subdivisao_geografica', 'subdivisao_cronologica'))
);
--> statement-breakpoint
CREATE TABLE "copies" (
	"cod_exemplar" serial PRIMARY KEY NOT NULL,
	"cod_acervo" integer NOT NULL,
	"cod_biblioteca" integer NOT NULL,
	"cod_tipo_emprestimo" smallint NOT NULL,
	"tombo" text NOT NULL,
	"localizacao" text NOT NULL,
	"colecao" text,
	"status" text DEFAULT 'disponivel' NOT NULL,
	"data_devolucao_prevista" date,
	"volume" text,
	"tomo" text,
	"parte" text,
	"numero" text,
	"material" text,
	CONSTRAINT "copies_tombo_unique" UNIQUE("tombo"),
	CONSTRAINT "copies_status_valid" CHECK ("copies"."status" in ('disponivel', 'emprestado', 'reservado', 'em_transito', 'em_processamento', 'extraviado', 'consulta_local')),
	CONSTRAINT "copies_due_only_when_loaned" CHECK (("copies"."status" = 'emprestado') = ("copies"."data_devolucao_prevista" is not null))
);
--> statement-breakpoint
CREATE TABLE "knowledge_areas" (
	"cod_area_conhecimento" serial PRIMARY KEY NOT NULL,
	"cod_tipo_area_conhec" smallint NOT NULL,
	"desc_tipo_area_conhec" text NOT NULL,
	"descricao" text NOT NULL,
	"rota" text NOT NULL,
	CONSTRAINT "knowledge_areas_rota_unique" UNIQUE("rota")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"codigo" text PRIMARY KEY NOT NULL,
	"nome_pt" text NOT NULL,
	"nome_en" text NOT NULL,
	"nome_es" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_types" (
	"cod_tipo_emprestimo" smallint PRIMARY KEY NOT NULL,
	"descricao" text NOT NULL,
	"permite_emprestimo" boolean NOT NULL,
	"permite_reserva" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "titles" (
	"cod_acervo" serial PRIMARY KEY NOT NULL,
	"control_number" text NOT NULL,
	"marc" jsonb NOT NULL,
	"cod_tipo_obra" smallint NOT NULL,
	"title" text NOT NULL,
	"responsibility" text,
	"author" text,
	"added_authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"edition" text,
	"place" text,
	"publisher" text,
	"ano_publicacao" smallint,
	"idioma" text,
	"physical_description" text,
	"series" text,
	"notes" text,
	"call_number" text,
	"isbn" text[] DEFAULT '{}'::text[] NOT NULL,
	"issn" text[] DEFAULT '{}'::text[] NOT NULL,
	"link_capa" text,
	"acesso_remoto" boolean DEFAULT false NOT NULL,
	"possui_acessibilidade" boolean DEFAULT false NOT NULL,
	"cod_area_conhecimento" integer,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "titles_control_number_unique" UNIQUE("control_number"),
	CONSTRAINT "titles_ano_range" CHECK ("titles"."ano_publicacao" between 0 and 2999),
	CONSTRAINT "titles_title_not_blank" CHECK (btrim("titles"."title") <> '')
);
--> statement-breakpoint
CREATE TABLE "work_types" (
	"cod_tipo_obra" smallint PRIMARY KEY NOT NULL,
	"desc_tipo_obra" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_permissions" (
	"cod_categoria" text NOT NULL,
	"cod_modulo" integer NOT NULL,
	"cod_atividade" integer NOT NULL,
	CONSTRAINT "category_permissions_cod_categoria_cod_modulo_cod_atividade_pk" PRIMARY KEY("cod_categoria","cod_modulo","cod_atividade")
);
--> statement-breakpoint
CREATE TABLE "logins" (
	"login" text PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"password_hash" text,
	"origem" text DEFAULT 'local' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "logins_login_lower" CHECK ("logins"."login" = lower(btrim("logins"."login")) and "logins"."login" <> '')
);
--> statement-breakpoint
CREATE TABLE "patron_categories" (
	"cod_categoria" text PRIMARY KEY NOT NULL,
	"descricao" text NOT NULL,
	"professor" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"cod_pessoa" serial PRIMARY KEY NOT NULL,
	"nome_pessoa" text NOT NULL,
	"email" text,
	"cod_categoria" text NOT NULL,
	"bloqueio" boolean DEFAULT false NOT NULL,
	"cpf" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_cpf_digits" CHECK ("people"."cpf" ~ '^[0-9]{11}$'),
	CONSTRAINT "people_nome_not_blank" CHECK (btrim("people"."nome_pessoa") <> '')
);
--> statement-breakpoint
ALTER TABLE "institution_activities" ADD CONSTRAINT "institution_activities_activity_fk" FOREIGN KEY ("cod_modulo","cod_atividade") REFERENCES "public"."activities"("cod_modulo","cod_atividade") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "libraries" ADD CONSTRAINT "libraries_cod_campus_campuses_cod_campus_fk" FOREIGN KEY ("cod_campus") REFERENCES "public"."campuses"("cod_campus") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copies" ADD CONSTRAINT "copies_cod_acervo_titles_cod_acervo_fk" FOREIGN KEY ("cod_acervo") REFERENCES "public"."titles"("cod_acervo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copies" ADD CONSTRAINT "copies_cod_biblioteca_libraries_cod_biblioteca_fk" FOREIGN KEY ("cod_biblioteca") REFERENCES "public"."libraries"("cod_biblioteca") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copies" ADD CONSTRAINT "copies_cod_tipo_emprestimo_loan_types_cod_tipo_emprestimo_fk" FOREIGN KEY ("cod_tipo_emprestimo") REFERENCES "public"."loan_types"("cod_tipo_emprestimo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titles" ADD CONSTRAINT "titles_cod_tipo_obra_work_types_cod_tipo_obra_fk" FOREIGN KEY ("cod_tipo_obra") REFERENCES "public"."work_types"("cod_tipo_obra") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titles" ADD CONSTRAINT "titles_idioma_languages_codigo_fk" FOREIGN KEY ("idioma") REFERENCES "public"."languages"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titles" ADD CONSTRAINT "titles_cod_area_conhecimento_knowledge_areas_cod_area_conhecimento_fk" FOREIGN KEY ("cod_area_conhecimento") REFERENCES "public"."knowledge_areas"("cod_area_conhecimento") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_permissions" ADD CONSTRAINT "category_permissions_cod_categoria_patron_categories_cod_categoria_fk" FOREIGN KEY ("cod_categoria") REFERENCES "public"."patron_categories"("cod_categoria") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_permissions" ADD CONSTRAINT "category_permissions_activity_fk" FOREIGN KEY ("cod_modulo","cod_atividade") REFERENCES "public"."activities"("cod_modulo","cod_atividade") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logins" ADD CONSTRAINT "logins_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_cod_categoria_patron_categories_cod_categoria_fk" FOREIGN KEY ("cod_categoria") REFERENCES "public"."patron_categories"("cod_categoria") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorities_heading_idx" ON "authorities" USING btree ("heading");--> statement-breakpoint
CREATE INDEX "copies_acervo_idx" ON "copies" USING btree ("cod_acervo");--> statement-breakpoint
CREATE INDEX "copies_biblioteca_idx" ON "copies" USING btree ("cod_biblioteca");--> statement-breakpoint
CREATE INDEX "titles_search_vector_idx" ON "titles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "titles_tipo_obra_idx" ON "titles" USING btree ("cod_tipo_obra");--> statement-breakpoint
CREATE INDEX "titles_ano_idx" ON "titles" USING btree ("ano_publicacao");--> statement-breakpoint
CREATE INDEX "titles_idioma_idx" ON "titles" USING btree ("idioma");--> statement-breakpoint
CREATE INDEX "titles_created_idx" ON "titles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "logins_pessoa_idx" ON "logins" USING btree ("cod_pessoa");