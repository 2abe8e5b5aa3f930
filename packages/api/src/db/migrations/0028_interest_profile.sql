CREATE TABLE "alert_settings" (
	"cod_pessoa" integer PRIMARY KEY NOT NULL,
	"frequencia" text DEFAULT 'semanal' NOT NULL,
	"ultimo_envio" timestamp with time zone,
	CONSTRAINT "alert_settings_frequencia_valid" CHECK ("alert_settings"."frequencia" in ('imediata', 'diaria', 'semanal', 'nunca'))
);
--> statement-breakpoint
CREATE TABLE "interest_entries" (
	"codigo" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"tipo" text NOT NULL,
	"termo" text NOT NULL,
	"termo_fold" text NOT NULL,
	"descricao" text NOT NULL,
	"validade" date NOT NULL,
	"bibliotecas" integer[] DEFAULT '{}'::int[] NOT NULL,
	"idiomas" text[] DEFAULT '{}'::text[] NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interest_entries_tipo_valid" CHECK ("interest_entries"."tipo" in ('area', 'autor', 'assunto', 'tipo_obra'))
);
--> statement-breakpoint
CREATE TABLE "interest_pending" (
	"cod_acervo" integer PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patron_alerts" (
	"cod_alerta" serial PRIMARY KEY NOT NULL,
	"cod_pessoa" integer NOT NULL,
	"cod_acervo" integer NOT NULL,
	"motivo" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"lido" boolean DEFAULT false NOT NULL,
	"enviado_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_entries" ADD CONSTRAINT "interest_entries_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_pending" ADD CONSTRAINT "interest_pending_cod_acervo_titles_cod_acervo_fk" FOREIGN KEY ("cod_acervo") REFERENCES "public"."titles"("cod_acervo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patron_alerts" ADD CONSTRAINT "patron_alerts_cod_pessoa_people_cod_pessoa_fk" FOREIGN KEY ("cod_pessoa") REFERENCES "public"."people"("cod_pessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patron_alerts" ADD CONSTRAINT "patron_alerts_cod_acervo_titles_cod_acervo_fk" FOREIGN KEY ("cod_acervo") REFERENCES "public"."titles"("cod_acervo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interest_entries_unique" ON "interest_entries" USING btree ("cod_pessoa","tipo","termo_fold");--> statement-breakpoint
CREATE INDEX "interest_entries_match_idx" ON "interest_entries" USING btree ("tipo","termo_fold");--> statement-breakpoint
CREATE UNIQUE INDEX "patron_alerts_unique" ON "patron_alerts" USING btree ("cod_pessoa","cod_acervo");--> statement-breakpoint
CREATE INDEX "patron_alerts_unsent_idx" ON "patron_alerts" USING btree ("cod_pessoa") WHERE "patron_alerts"."enviado_em" is null;--> statement-breakpoint
-- Every new title waits to be matched against the interest profiles (the interest.match job).
CREATE FUNCTION estante_queue_interest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO interest_pending (cod_acervo) VALUES (NEW.cod_acervo) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER titles_queue_interest AFTER INSERT ON titles FOR EACH ROW EXECUTE FUNCTION estante_queue_interest();
